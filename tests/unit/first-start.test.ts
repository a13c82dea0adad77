import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { knexConfig } from '../../knexfile';
import { ROOT_DIR, loadConfig } from '../../server/config';
import { prepareDatabase } from '../../server/seed/first-start';
import { client } from '../support/services';

/**
 * An installation's first start, on a new database of the test server that nothing has
 * migrated yet: in production no demo organization (its passwords are published) and no
 * account at all, until `npm run setup` creates the first super-administrator.
 */
const serverUrl = inject('serverUrl');
// PostgreSQL itself: the same server unless the run goes through a pooler (then DATABASE_URL is
// the pooler's and DATABASE_DIRECT_URL this one's, as in a deployment behind PgBouncer).
const directServerUrl = inject('directServerUrl');
const pooled = directServerUrl !== serverUrl;
const SECRET = 'Zt3kq9W1xv0r8NpL5hYc2mB7dQ4sF6gJ-primer-inicio';
const databases: string[] = [];
const pools: Knex[] = [];

afterAll(async () => {
  for (const pool of pools) await pool.destroy();
  const admin = new pg.Client({ connectionString: `${directServerUrl}/postgres` });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

async function emptyDatabase() {
  const name = `${process.env.TEST_DATABASE_NAME}_new${databases.length}`;
  const admin = new pg.Client({ connectionString: `${directServerUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = `${serverUrl}/${name}`;
  const directUrl = pooled ? `${directServerUrl}/${name}` : '';
  // The test's own reads, and prepareDatabase's migrations, on PostgreSQL itself.
  const pool = knex(knexConfig(`${directServerUrl}/${name}`, 2));
  pools.push(pool);
  return { url, env: { DATABASE_URL: url, DATABASE_DIRECT_URL: directUrl }, knex: pool };
}

/** A production environment on `database` (an empty DATABASE_DIRECT_URL is unset). */
const environment = (database: { env: Record<string, string> }, env: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  SESSION_SECRET: SECRET,
  ...database.env,
  LOG_LEVEL: 'warn',
  ...env,
});

async function accounts(db: Knex) {
  const users: Array<{ username: string; isSuperAdmin: boolean; mustChangePassword: boolean; password: string; organization: string; type: string }> =
    await db('users')
      .join('organizations', 'organizations.id', 'users.organizationId')
      .select('username', 'isSuperAdmin', 'mustChangePassword', 'password', 'organizations.name as organization', 'organizations.type')
      .orderBy('users.id');
  return users;
}

/** A compiled-or-source script of scripts/ run as an operator runs it, with its output. */
async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('first start in production', () => {
  it('docker compose: an empty database stays without accounts, and the log says how to create the first one', async () => {
    const database = await emptyDatabase();
    const db = database.knex;
    const run = await script('seed', ['--if-empty'], environment(database));
    expect(run.code).toBe(0);
    expect(await accounts(db)).toEqual([]);
    expect(await db('organizations').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(run.output).toContain('npm run setup -- --email');
    expect(run.output).not.toContain('Vecindad2026');
  }, 60_000);

  it('npm start: no demo, and no demo account in the start banner', async () => {
    const database = await emptyDatabase();
    const db = database.knex;
    const lines: string[] = [];
    const banner = await prepareDatabase(db, loadConfig(environment(database)), (line) => lines.push(line));
    expect(await accounts(db)).toEqual([]);
    expect(banner).toEqual([]);
    expect(lines.join('\n')).toContain('npm run setup -- --email');
  }, 60_000);

  it('SEED_DEMO=true loads the demo; the production banner still lists none of its accounts (development does)', async () => {
    const database = await emptyDatabase();
    const db = database.knex;
    const banner = await prepareDatabase(db, loadConfig(environment(database, { SEED_DEMO: 'true' })), () => {});
    expect((await accounts(db)).map((user) => user.username)).toContain('superadmin@vecindad.do');
    expect(banner).toEqual([]);
    const development = await prepareDatabase(db, loadConfig(database.env), () => {});
    expect(development.join('\n')).toMatch(/Vecindad2026[\s\S]*superadmin@vecindad\.do/);
  }, 60_000);

  it('npm run setup creates the organization and one super-administrator, who signs in; it refuses a second unless --force', async () => {
    const database = await emptyDatabase();
    const db = database.knex;
    await prepareDatabase(db, loadConfig(environment(database)), () => {});
    const env = environment(database);

    const setup = await script('setup', ['--email', 'Duena@Administradora.do', '--org', 'Administradora Caribe'], env);
    expect(setup.code).toBe(0);
    const password = /Contraseña[^:]*: (\S+)/.exec(setup.output)?.[1];
    expect(password).toMatch(/^\S{20,}$/);
    const [owner, ...others] = await accounts(db);
    expect(others).toEqual([]);
    expect(owner).toMatchObject({ username: 'duena@administradora.do', isSuperAdmin: true, mustChangePassword: true, organization: 'Administradora Caribe', type: 'master' });
    expect(owner.password).not.toContain(password);

    // Through the API, on the installation's database.
    Object.assign(process.env, database.env);
    const signIn = await (await client()).post('/api/login').send({ username: 'duena@administradora.do', password });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ isSuperAdmin: true, role: 'Administrador' });

    const again = await script('setup', ['--email', 'otra@administradora.do', '--org', 'Administradora Caribe'], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('duena@administradora.do');
    expect(await accounts(db)).toHaveLength(1);

    const forced = await script('setup', ['--email', 'otra@administradora.do', '--org', 'Administradora Caribe', '--password', 'Una-clave-propia-2026', '--force'], env);
    expect(forced.code).toBe(0);
    expect(forced.output).not.toContain('Una-clave-propia-2026');
    expect((await accounts(db)).map((user) => [user.username, user.isSuperAdmin, user.mustChangePassword, user.organization])).toEqual([
      ['duena@administradora.do', true, true, 'Administradora Caribe'],
      ['otra@administradora.do', true, false, 'Administradora Caribe'],
    ]);
  }, 90_000);
});
