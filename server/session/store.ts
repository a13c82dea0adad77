import type { Context } from 'koa';
import { db } from '../db';
import { User } from '../models';

export const SESSION_COOKIE = 'vecindad.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionData = { userId?: number };

/**
 * koa-session's external store on the `session` table. Reading a session also loads its
 * user in the same query (one round trip per request) and leaves it on ctx.state.
 */
export const sessionStore = {
  async get(sid: string, _maxAge: number, { ctx }: { ctx?: Context }) {
    const row = await db()('session as s')
      .leftJoin('users as u', function () {
        this.on('u.id', 's.user_id').andOn('u.is_active', db().raw('true'));
      })
      .where('s.sid', sid)
      .where('s.expire', '>', db().fn.now())
      .first('s.sess', ...User.lightColumns.map((column) => `u.${column}`));
    if (!row) return undefined;
    const { sess, ...user } = row;
    if (ctx && user.id) ctx.state.user = User.fromDatabaseJson(user);
    return sess;
  },

  async set(sid: string, sess: SessionData, maxAge: number) {
    await db()('session')
      .insert({ sid, sess, expire: new Date(Date.now() + maxAge), userId: sess.userId ?? null })
      .onConflict('sid')
      .merge();
  },

  async destroy(sid: string) {
    await db()('session').where({ sid }).delete();
  },
};

/** Ends every session of a user, except (optionally) the one making the request. */
export async function destroyUserSessions(userId: number, exceptSid?: string) {
  const query = db()('session').where({ userId });
  if (exceptSid) query.whereNot({ sid: exceptSid });
  await query.delete();
}

export async function deleteExpiredSessions() {
  return db()('session').where('expire', '<', db().fn.now()).delete();
}
