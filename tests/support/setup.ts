import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { closeTestServices } from './services';

// Runs in each test worker before its test files: a database of its own, cloned from the
// migrated template, and the environment the server modules read at import time.
const serverUrl = inject('serverUrl');
const template = inject('templateDatabase');
// Browser tests get databases of their own (TEST_DATABASE_GROUP, set by the e2e project).
const database = `${template}_${process.env.TEST_DATABASE_GROUP ?? 'w'}${process.env.VITEST_POOL_ID ?? '0'}`;

const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
await admin.connect();
const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
if (!rowCount) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${database} template ${template}`);
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '42P04') break; // created a moment ago
      // 55006: another worker is cloning the template right now.
      if (code !== '55006' || attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
await admin.end();

process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = `${serverUrl}/${database}`;
process.env.REDIS_URL = inject('redisUrl');
// A Redis prefix per test file: sign-in limits and queues never leak between files.
process.env.REDIS_PREFIX = `${inject('redisPrefix')}-${Math.random().toString(36).slice(2, 8)}`;
process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-the-config-check';

afterAll(closeTestServices);
