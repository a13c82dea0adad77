import fs from 'node:fs';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED, COMPILED_DIR, ROOT_DIR } from './server/paths';

const migrationsDir = path.join(COMPILED ? COMPILED_DIR : ROOT_DIR, 'migrations');

/**
 * The migrations, imported by our own code so that whichever loader runs it (tsx, vitest)
 * compiles them (knex's own loader would hand .ts files to plain Node), or compiled by
 * `npm run build`. Either way a migration keeps its .ts name in knex_migrations.
 */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => fs.readdirSync(migrationsDir).filter((file) => /^\d{14}_.+\.(ts|js)$/.test(file)).sort(),
  getMigrationName: (file) => file.replace(/\.js$/, '.ts'),
  getMigration: (file) => import(pathToFileURL(path.join(migrationsDir, file)).href),
};

/** Knex settings for a database URL: snake_case columns, camelCase in code. */
export function knexConfig(connectionString: string, poolMax = 10): Knex.Config {
  return {
    client: 'pg',
    connection: { connectionString, application_name: 'vecindad' },
    pool: { min: 0, max: poolMax },
    // A database outage answers 503 quickly instead of hanging requests.
    acquireConnectionTimeout: 5000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...knexSnakeCaseMappers(),
  };
}

// For the knex CLI: `npx knex --knexfile knexfile.ts migrate:status` (needs DATABASE_URL).
export default knexConfig(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vecindad');
