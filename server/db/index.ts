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
  Model.knex(instance);
  return instance;
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
