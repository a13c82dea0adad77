import { createHash } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import { knexConfig } from '../../knexfile';
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

/** Opens the pool for the process and binds the Objection models to it. */
export function connectDatabase(url: string, poolMax?: number): Knex {
  instance = knex({ ...knexConfig(url, poolMax), log: knexLog });
  preparingMarkedStatements(instance);
  Model.knex(instance);
  return instance;
}

/** Marks a query to run as a prepared statement (see preparingMarkedStatements). */
export const PREPARE = { prepare: true } as const;

/** The name a marked statement is prepared under: its text decides it, so one name, one text. */
export const preparedName = (sql: string) => `vecindad_${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;

type QueryObject = { sql: string; options?: Record<string, unknown> };
type PgClient = { _query: (connection: unknown, obj: QueryObject) => Promise<unknown> };
const preparing = new WeakSet<object>();

/**
 * Statements marked with `.options(PREPARE)` run as named prepared statements: PostgreSQL
 * parses each text once per connection and, once a generic plan proves as good, stops planning
 * it on every request (0.6 ms for a page of the residents directory, twice what it takes to
 * run). Mark only statements of a fixed shape (list pages): each distinct text stays prepared
 * on its connection for the connection's life. On the client's prototype, which the clients
 * of transactions are made from too.
 */
function preparingMarkedStatements(target: Knex) {
  const client = Object.getPrototypeOf(target.client) as PgClient;
  if (preparing.has(client)) return;
  preparing.add(client);
  const run = client._query;
  client._query = async function (this: unknown, connection, obj) {
    if (!obj.options?.prepare) return run.call(this, connection, obj);
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
}

export function db(): Knex {
  if (!instance) throw new Error('La base de datos no está conectada (connectDatabase)');
  return instance;
}

export async function closeDatabase() {
  await instance?.destroy();
  instance = undefined;
}

export async function migrateLatest(target: Knex = db()) {
  const [, applied] = await target.migrate.latest();
  return applied as string[];
}
