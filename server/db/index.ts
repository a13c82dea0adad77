import knex, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import { knexConfig } from '../../knexfile';

// Dates stay plain 'YYYY-MM-DD' strings (no time zone shift); bigint counts become numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

let instance: Knex | undefined;

/** Opens the pool for the process and binds the Objection models to it. */
export function connectDatabase(url: string, poolMax?: number): Knex {
  instance = knex(knexConfig(url, poolMax));
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
