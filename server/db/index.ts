import { createHash } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import { knexConfig } from '../../knexfile';
import { config } from '../config';
import { logger } from '../logger';

// Dates stay plain 'YYYY-MM-DD' strings (no time zone shift); bigint counts become numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

let instance: Knex | undefined;

// Knex's own warnings (a connection refused while the database restarts) in the one log format.
const log = logger.child({ component: 'database' });
const knexLog = {
  warn: (message: unknown) => log.warn(String(message)),
  error: (message: unknown) => log.error(String(message)),
  deprecate: (message: unknown) => log.warn(String(message)),
  debug: (message: unknown) => log.debug(String(message)),
};

/**
 * The pools that go through a transaction pooler (PgBouncer, pool_mode = transaction), by their
 * knex settings (which a transaction's client shares), with PostgreSQL's own URL. Through such a
 * pooler each transaction may run on another server connection, shared with other processes:
 * nothing may outlive a transaction on it (named prepared statements, LISTEN, SET without LOCAL,
 * session advisory locks, temporary tables). See docs/operations.md#pgbouncer.
 */
const pooled = new WeakMap<object, string>();

/**
 * Opens the pool for the process and binds the Objection models to it. With `directUrl`
 * (DATABASE_DIRECT_URL), `url` goes through a transaction pooler and `directUrl` is PostgreSQL
 * itself: marked statements then run unnamed, and the relay's LISTEN and migrations use
 * `directUrl` (directConnection, migrateLatest).
 */
export function connectDatabase(url: string, poolMax?: number, directUrl: string | undefined = config.databaseDirectUrl): Knex {
  instance = knex({ ...knexConfig(url, poolMax), log: knexLog });
  if (directUrl) pooled.set(instance.client.config, directUrl);
  preparingMarkedStatements(instance);
  Model.knex(instance);
  return instance;
}

/** Whether `target`'s connections keep named prepared statements: not through a transaction pooler. */
export const namedStatements = (target: Knex = db()) => !pooled.has(target.client.config);

/**
 * Settings for a connection of its own to PostgreSQL itself (never through the pooler): the
 * relay's LISTEN, which must stay on one session to hear its notifications.
 */
export function directConnection(target: Knex = db()): pg.ClientConfig {
  const settings = target.client.config.connection as pg.ClientConfig;
  const direct = pooled.get(target.client.config);
  return direct ? { ...settings, connectionString: direct } : { ...settings };
}

/** Marks a query to run as a prepared statement (see preparingMarkedStatements). */
export const PREPARE = { prepare: true } as const;

/** The name a marked statement is prepared under: its text decides it, so one name, one text. */
export const preparedName = (sql: string) => `vecindad_${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;

type QueryObject = { sql: string; options?: Record<string, unknown> };
type PgClient = { config: object; _query: (connection: unknown, obj: QueryObject) => Promise<unknown> };
const preparing = new WeakSet<object>();

/**
 * Statements marked with `.options(PREPARE)` run as named prepared statements: PostgreSQL
 * parses each text once per connection and, once a generic plan proves as good, stops planning
 * it on every request (0.6 ms for a page of the residents directory, twice what it takes to
 * run). Mark only statements of a fixed shape (list pages): each distinct text stays prepared
 * on its connection for the connection's life. On the client's prototype, which the clients
 * of transactions are made from too (and so is `inTurn` below). Through a transaction pooler they run unnamed, as any
 * other statement: a name prepared on one server connection is unknown on the next one, and
 * already taken there by another client (PgBouncer 1.18, Debian 12's, does not track them).
 */
function preparingMarkedStatements(target: Knex) {
  const client = Object.getPrototypeOf(target.client) as PgClient;
  if (preparing.has(client)) return;
  preparing.add(client);
  const run = client._query;
  const marked = async function (this: PgClient, connection: unknown, obj: QueryObject) {
    if (!obj.options?.prepare) return run.call(this, connection, obj);
    if (pooled.has(this.config)) {
      const { prepare: _prepare, ...options } = obj.options;
      obj.options = options;
      return run.call(this, connection, obj);
    }
    const name = preparedName(obj.sql);
    obj.options = { name };
    try {
      return await run.call(this, connection, obj);
    } catch (error) {
      // Its tables changed shape since it was prepared (a migration while this process runs:
      // "cached plan must not change result type"): prepared anew, once.
      if ((error as { code?: string }).code !== '0A000') throw error;
      // (pg remembers which names its connection has prepared: forgotten with the statement.)
      const pgClient = connection as pg.Client & { connection: { parsedStatements: Record<string, string> } };
      await pgClient.query(`deallocate "${name}"`);
      delete pgClient.connection.parsedStatements[name];
      return run.call(this, connection, obj);
    }
  };
  client._query = function (this: PgClient, connection, obj) {
    return inTurn(connection as object, () => marked.call(this, connection, obj));
  };
}

const lastOnConnection = new WeakMap<object, Promise<unknown>>();

/**
 * One statement at a time on a connection, in the order asked: a transaction's statements
 * started together (`Promise.all` over reads that share its connection) wait for each other
 * here instead of in pg, which only queues them with a warning (and will refuse them).
 */
function inTurn<T>(connection: object, statement: () => Promise<T>): Promise<T> {
  const turn = (lastOnConnection.get(connection) ?? Promise.resolve()).then(statement);
  lastOnConnection.set(connection, turn.catch(() => undefined));
  return turn;
}

export function db(): Knex {
  if (!instance) throw new Error('La base de datos no está conectada (connectDatabase)');
  return instance;
}

export async function closeDatabase() {
  await instance?.destroy();
  instance = undefined;
}

/**
 * Applies pending migrations, on PostgreSQL itself when `target` goes through a pooler (a
 * connection of its own to DATABASE_DIRECT_URL: long DDL has no business in the pooler's
 * queue, nor under its query timeouts). Knex's migration lock is a row of
 * knex_migrations_lock taken in a transaction, no session state.
 */
export async function migrateLatest(target: Knex = db()) {
  const direct = pooled.get(target.client.config);
  const migrator = direct ? knex({ ...knexConfig(direct, 1), log: knexLog }) : target;
  try {
    const [, applied] = await migrator.migrate.latest();
    return applied as string[];
  } finally {
    if (migrator !== target) await migrator.destroy();
  }
}
