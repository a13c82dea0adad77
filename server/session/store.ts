import type { Context } from 'koa';
import { db } from '../db';
import { User } from '../models';

export const SESSION_COOKIE = 'vecindad.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionData = { userId?: number };

const snake = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// The lookup every signed-in request makes, as a named prepared statement: PostgreSQL plans
// the join once per connection instead of on every request.
const SESSION_WITH_USER = {
  name: 'vecindad_session_with_user',
  text: `select s.sess, ${User.lightColumns.map((column) => `u.${snake(column)} as "${column}"`).join(', ')}
         from session s left join users u on u.id = s.user_id and u.is_active and (u.is_super_admin or exists
           (select 1 from organizations o where o.id = u.organization_id and o.status = 'active'))
         where s.sid = $1 and s.expire > now()`,
};

/**
 * The live session `sid` and its user: only an active user of an active organization (or a
 * super-admin), so suspending an organization signs its users out at once.
 */
export async function findSessionWithUser(sid: string): Promise<{ sess: SessionData; user?: User } | undefined> {
  const client = db().client;
  const connection = await client.acquireConnection();
  try {
    const { rows } = await connection.query({ ...SESSION_WITH_USER, values: [sid] });
    if (!rows.length) return undefined;
    const { sess, ...user } = rows[0];
    return { sess, user: user.id ? User.fromDatabaseJson(user) : undefined };
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * koa-session's external store on the `session` table. Reading a session also loads its
 * user in the same query (one round trip per request) and leaves it on ctx.state.
 */
export const sessionStore = {
  async get(sid: string, _maxAge: number, { ctx }: { ctx?: Context }) {
    const found = await findSessionWithUser(sid);
    if (ctx && found?.user) ctx.state.user = found.user;
    return found?.sess;
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
