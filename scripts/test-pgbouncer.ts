import { spawn } from 'node:child_process';
import pg from 'pg';
import { ROOT_DIR } from '../server/paths';
import { startPgbouncer } from '../tests/support/pgbouncer';

/**
 * `npm run test:pgbouncer [-- files]`: the API project (API, worker and unit tests) through a
 * real PgBouncer in transaction pooling (Debian's `pgbouncer` package) in front of
 * TEST_DATABASE_URL's server, as a deployment of many processes runs
 * (docs/operations.md#pgbouncer). TEST_DATABASE_URL then points at the pooler, with at most
 * POOL_SIZE server connections per database while a test file's app alone opens up to five
 * (and its server and worker processes more): clients outnumber server connections, so every
 * transaction may land on a session another client used last. TEST_DATABASE_DIRECT_URL is
 * PostgreSQL itself: the tests create and drop their databases there, and the app's relay
 * LISTENs and migrates there (DATABASE_DIRECT_URL). Prints how many clients and server
 * connections the pooler had at most, and how long clients waited for one.
 */
const POOL_SIZE = 2;

const direct = process.env.TEST_DATABASE_URL;
if (!direct) {
  console.error('TEST_DATABASE_URL: the PostgreSQL server to put PgBouncer in front of (postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(2);
}
const bouncer = await startPgbouncer({ server: direct.replace(/\/[^/]*$/, ''), poolSize: POOL_SIZE });

// The pooler's own counts, sampled on its console while the tests run: per database, clients
// connected at once (active or waiting for a server connection) and server connections.
const peak = { clients: 0, servers: 0, waiting: 0 };
const admin = new pg.Client({ connectionString: `${bouncer.url}/pgbouncer` });
await admin.connect();
const show = async (what: string) => (await admin.query({ text: `show ${what}`, queryMode: 'simple' } as pg.QueryConfig)).rows as Array<Record<string, string>>;
const sample = async () => {
  for (const pool of await show('pools')) {
    if (pool.database === 'pgbouncer') continue;
    const count = (...columns: string[]) => columns.reduce((sum, column) => sum + Number(pool[column] ?? 0), 0);
    peak.clients = Math.max(peak.clients, count('cl_active', 'cl_waiting'));
    peak.servers = Math.max(peak.servers, count('sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'));
    peak.waiting = Math.max(peak.waiting, count('cl_waiting'));
  }
};
const sampling = setInterval(() => void sample().catch(() => {}), 250);

const started = Date.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn('npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', '--project', 'api', ...process.argv.slice(2)], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: `${bouncer.url}/postgres`, TEST_DATABASE_DIRECT_URL: direct },
  });
  child.once('exit', (status) => resolve(status ?? 1));
});

clearInterval(sampling);
const stats = (await show('stats')).filter((row) => row.database !== 'pgbouncer');
const total = (column: string) => stats.reduce((sum, row) => sum + Number(row[column]), 0);
await admin.end();
await bouncer.stop();
console.log(
  `PgBouncer (transaction pooling, ${POOL_SIZE} server connections per database): ${Math.round((Date.now() - started) / 1000)} s; ` +
    `a database had up to ${peak.clients} clients at once on up to ${peak.servers} server connections, up to ${peak.waiting} of them waiting; ` +
    `${total('total_xact_count')} transactions, clients waited ${(total('total_wait_time') / 1e6).toFixed(1)} s in all for a server connection.`,
);
if (code !== 0) {
  const problems = bouncer.log().split('\n').filter((line) => /WARNING|ERROR|FATAL/.test(line));
  if (problems.length) console.log(`PgBouncer's warnings and errors:\n${problems.slice(-50).join('\n')}`);
}
process.exit(code);
