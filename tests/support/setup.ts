import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { closeTestServices } from './services';

// Runs before each test file (after env.ts): its database, cloned from the migrated template,
// dropped when the file is done (on PostgreSQL itself, not through a pooler).
const serverUrl = inject('directServerUrl');
const template = inject('templateDatabase');
const database = process.env.TEST_DATABASE_NAME!;

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

afterAll(async () => {
  await closeTestServices();
  const dropper = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await dropper.connect();
  await dropper.query(`drop database if exists ${database} with (force)`);
  await dropper.end();
});
