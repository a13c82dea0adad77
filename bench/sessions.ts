import Keygrip from 'keygrip';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../server/session/store';
import { BENCH_SESSION_SECRET, type BenchContext } from './lib';

/**
 * Signs session cookies as the bench server does (BENCH_SESSION_SECRET), checked first against
 * an administrator's real cookie. Answers the Cookie header of a session id.
 */
export function sessionSigner(adminCookie: string) {
  const keys = new Keygrip([BENCH_SESSION_SECRET]);
  const cookieValue = (name: string) => new RegExp(`${name.replace('.', '\\.')}=([^;]+)`).exec(adminCookie)?.[1];
  const sid = cookieValue(SESSION_COOKIE);
  const sig = cookieValue(`${SESSION_COOKIE}.sig`);
  if (!sid || !sig || !keys.verify(`${SESSION_COOKIE}=${sid}`, sig)) {
    throw new Error('BENCH_SESSION_SECRET (bench/lib.ts) no coincide con el SESSION_SECRET del servidor de benchmark');
  }
  return (sessionId: string) => `${SESSION_COOKIE}=${sessionId}; ${SESSION_COOKIE}.sig=${keys.sign(`${SESSION_COOKIE}=${sessionId}`)}`;
}

/** The session row of a signed-in user (as the session store writes it), in SQL: `select ... from <users as id>`. */
export const SESSION_ROW_SQL = `replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  jsonb_build_object('userId', id, '_expire', :expireMs::bigint, '_maxAge', :maxAge::bigint),
  to_timestamp(:expireMs::bigint / 1000.0), id`;
export const sessionRowBindings = () => ({ expireMs: Date.now() + SESSION_MAX_AGE_MS, maxAge: SESSION_MAX_AGE_MS });

/** A session for each of these users, in one statement; answers each user's Cookie header. */
export async function sessionsFor(ctx: BenchContext, adminCookie: string, userIds: number[]) {
  const sign = sessionSigner(adminCookie);
  const { rows } = await ctx.db.raw(
    `insert into session (sid, sess, expire, user_id)
     select ${SESSION_ROW_SQL} from unnest(:ids::int[]) as u(id)
     returning sid, user_id`,
    { ids: `{${userIds.join(',')}}`, ...sessionRowBindings() },
  );
  return (rows as Array<{ sid: string; user_id: number }>).map((row) => ({ userId: row.user_id, cookie: sign(row.sid) }));
}
