import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import knex from 'knex';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { knexConfig } from '../../knexfile';
import { startEmbeddedDatabase } from '../../server/infrastructure';
import { ensureRedis } from '../../server/services/redis';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    directServerUrl: string;
    templateDatabase: string;
    redisUrl: string;
    redisPrefix: string;
  }
}

type Infrastructure = { provided: Record<string, string>; users: number; teardown: () => Promise<void> };
const shared = globalThis as { vecindadTestInfrastructure?: Promise<Infrastructure> };

/**
 * Once per run (every project of the run shares it): a real PostgreSQL (TEST_DATABASE_URL's
 * server, or an embedded one), a template database migrated once (each test worker clones
 * it), and a real Redis with a key prefix of its own. With TEST_DATABASE_DIRECT_URL,
 * TEST_DATABASE_URL is a transaction pooler in front of that server (scripts/test-pgbouncer.ts):
 * the app's queries go through it, while databases are created, migrated and dropped on
 * PostgreSQL itself (`directServerUrl`), as the relay's LISTEN and migrations are.
 */
export default async function setup(project: TestProject) {
  shared.vecindadTestInfrastructure ??= start();
  const infrastructure = await shared.vecindadTestInfrastructure;
  infrastructure.users++;
  for (const [key, value] of Object.entries(infrastructure.provided)) {
    project.provide(key as 'serverUrl', value);
  }
  return async () => {
    if (--infrastructure.users === 0) await infrastructure.teardown();
  };
}

async function start(): Promise<Infrastructure> {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const stops: Array<() => Promise<void>> = [];

  let serverUrl = process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, '');
  let directServerUrl = process.env.TEST_DATABASE_DIRECT_URL?.replace(/\/[^/]*$/, '') || serverUrl;
  if (directServerUrl && !serverUrl) throw new Error('TEST_DATABASE_DIRECT_URL requires TEST_DATABASE_URL (the pooler)');
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-test-pg-'));
    if (process.getuid?.() === 0) fs.chmodSync(dir, 0o777);
    const embedded = await startEmbeddedDatabase({
      dir: path.join(dir, 'data'),
      port: await freePort(),
      database: 'postgres',
      persistent: false,
    });
    serverUrl = directServerUrl = embedded.url.replace(/\/[^/]*$/, '');
    stops.push(async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
  }

  const templateDatabase = `vecindad_test_${runId}`;
  const admin = new pg.Client({ connectionString: `${directServerUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  const migrator = knex(knexConfig(`${directServerUrl}/${templateDatabase}`, 1));
  await migrator.migrate.latest();
  // The installation's default organization (the oldest top-level one: sign-in page branding
  // and self-registration without a matching domain). Tests never change it.
  await migrator('organizations').insert({ name: 'Vecindad', type: 'master' });
  await migrator.destroy();

  const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = await ensureRedis(redisUrl, path.join(os.tmpdir(), `vecindad-test-redis-${runId}`));
  stops.push(redis.stop);

  const provided = { serverUrl, directServerUrl: directServerUrl!, templateDatabase, redisUrl, redisPrefix: `vecindad-test-${runId}` };
  const teardown = async () => {
    const { rows } = await admin.query('select datname from pg_database where datname like $1', [`${templateDatabase}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    for (const stop of stops.reverse()) await stop();
  };
  return { provided, users: 0, teardown };
}
