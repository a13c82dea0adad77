import type { Context } from 'koa';
import { db, namedStatements } from '../db';
import { User } from '../models';
import { accessSql, activeUserSql, type UserAccess } from '../policies/access';
import { reachableOrganizationsSql } from '../policies/tenancy';
import { rememberLookups, type SessionLookups } from './lookups';
import { dataVersionsSql } from '../services/listTotals';

export const SESSION_COOKIE = 'vecindad.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionData = {
  userId?: number;
  /** Signed in with a temporary password: changing it does not ask for it again. */
  signedInWithTemporaryPassword?: boolean;
  /** Replaced at sign-in or ended at sign-out a moment ago (sessionStore.destroy). */
  ended?: boolean;
};

/**
 * How long a session replaced by a sign-in or ended by a sign-out is still known as ended: a
 * request another tab had under way with it is answered as signed out and clears no cookie,
 * which the browser may by then hold for the next session (session/hint.ts).
 */
export const ENDED_SESSION_KEPT = '1 minute';

const snake = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const USER_COLUMNS = `${User.lightColumns.map((column) => `u.${snake(column)} as "${column}"`).join(', ')}, ${accessSql('u')} as "access"`;
// Loaded in the same round trip for the rest of an HTTP request (session/lookups.ts); `org` is
// the user's organization, joined by its key.
const LOOKUP_COLUMNS = `org.settings -> 'features' as "features", org.type as "organizationType",
  reached.ids as "reachableOrganizationIds",
  ${dataVersionsSql('coalesce(reached.ids, array[u.organization_id])')} as "dataVersions"`;

// The lookups every signed-in request and socket make, as named prepared statements:
// PostgreSQL plans them once per connection instead of on every request. Through a
// transaction pooler they run unnamed (server/db: namedStatements).
export const SESSION_WITH_USER = {
  name: 'vecindad_session_with_user',
  text: `select s.sess, ${USER_COLUMNS}, ${LOOKUP_COLUMNS}
         from session s left join users u on u.id = s.user_id and ${activeUserSql('u')}
           left join organizations org on org.id = u.organization_id
           cross join lateral (select ${reachableOrganizationsSql('u')} as ids) reached
         where s.sid = $1 and s.expire > now()`,
};
const SIGNED_IN_USER = {
  name: 'vecindad_signed_in_user',
  text: `select ${USER_COLUMNS} from users u where u.id = $1 and ${activeUserSql('u')}`,
};

async function query(statement: { name: string; text: string }, value: unknown): Promise<Array<Record<string, unknown>>> {
  const client = db().client;
  const connection = await client.acquireConnection();
  try {
    const named = namedStatements() ? statement : { text: statement.text };
    return (await connection.query({ ...named, values: [value] })).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * A user as a session may carry them: active, of an active organization (or a super-admin),
 * and not a resident whose every residence ended. Suspending an organization or ending the
 * last residence signs the user out at once.
 */
const signedInUser = (row: Record<string, unknown>) =>
  row.id && (row.access as UserAccess) !== 'ended' ? User.fromDatabaseJson(row) : undefined;

/** The live session `sid` and its user (when they may still be signed in). */
export async function findSessionWithUser(sid: string): Promise<{ sess: SessionData; user?: User; lookups: SessionLookups } | undefined> {
  const [row] = await query(SESSION_WITH_USER, sid);
  if (!row) return undefined;
  const { sess, features, organizationType, reachableOrganizationIds, dataVersions, ...user } = row;
  return {
    sess: sess as SessionData,
    user: signedInUser(user),
    lookups: {
      features: features as SessionLookups['features'],
      organizationType: organizationType as string | null,
      reachableOrganizationIds: reachableOrganizationIds as number[] | null,
      dataVersions: dataVersions as string,
    },
  };
}

/** The user with this id as a session would carry them now, or undefined (see above). */
export async function findSignedInUser(id: number): Promise<User | undefined> {
  const [row] = await query(SIGNED_IN_USER, id);
  return row ? signedInUser(row) : undefined;
}

/**
 * koa-session's external store on the `session` table. Reading a session also loads its
 * user in the same query (one round trip per request) and leaves it on ctx.state.
 */
export const sessionStore = {
  async get(sid: string, _maxAge: number, { ctx }: { ctx?: Context }) {
    const found = await findSessionWithUser(sid);
    if (ctx && found?.user) {
      ctx.state.user = found.user;
      rememberLookups(found.user, found.lookups);
    }
    return found?.sess;
  },

  async set(sid: string, sess: SessionData, maxAge: number) {
    await db()('session')
      .insert({ sid, sess, expire: new Date(Date.now() + maxAge), userId: sess.userId ?? null })
      .onConflict('sid')
      .merge();
  },

  /** Ends the session: no user from now on, the row kept a moment as ended (ENDED_SESSION_KEPT). */
  async destroy(sid: string) {
    await db()('session')
      .where({ sid })
      .update({ sess: { ended: true }, userId: null, expire: db().raw(`now() + interval '${ENDED_SESSION_KEPT}'`) });
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
