import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

export type Pgbouncer = {
  /** postgres://user@127.0.0.1:port: the pooler's server URL (append /database). */
  url: string;
  /** What it logged (connections it opened to PostgreSQL, errors). */
  log: () => string;
  stop: () => Promise<void>;
};

/** Debian's `pgbouncer` package installs it here; anywhere else, from PATH. */
export function pgbouncerBinary(): string | undefined {
  const candidates = ['/usr/sbin/pgbouncer', ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'pgbouncer'))];
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * A real PgBouncer in transaction pooling in front of the PostgreSQL server of `server`
 * (postgres://user[:password]@host:port): every database of that server through it (the `*`
 * fallback), at most `poolSize` server connections per database for any number of clients.
 * Its settings are those of a production pooler (docs/operations.md#pgbouncer), in a folder of
 * its own removed by `stop`. As root it runs as the `postgres` system user (it refuses root).
 */
export async function startPgbouncer(options: { server: string; poolSize: number; maxClients?: number }): Promise<Pgbouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(options.server);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const login = [`host=${server.hostname}`, `port=${server.port || 5432}`, `user=${decodeURIComponent(server.username)}`];
  if (server.password) login.push(`password=${decodeURIComponent(server.password)}`);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      // Every database by its own name (each test file's clone included), as this login.
      `* = ${login.join(' ')}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Clients are not checked (the fixed login above is what PostgreSQL checks).
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      `max_client_conn = ${options.maxClients ?? 1000}`,
      // A client waiting this long for a server connection gets an error, not a hang.
      'query_wait_timeout = 60',
      'log_connections = 0',
      'log_disconnections = 0',
      'log_pooler_errors = 1',
      // SHOW STATS on the console (database pgbouncer) for the connecting user.
      `admin_users = ${decodeURIComponent(server.username) || 'postgres'}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );

  const asRoot = process.getuid?.() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `postgres://${server.username || 'postgres'}@127.0.0.1:${port}`;
  const stop = async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Until it answers a query (it listens a moment after it starts).
  for (let attempt = 0; ; attempt++) {
    if (gone) {
      await stop();
      throw new Error(`pgbouncer exited: ${log}`);
    }
    const probe = new pg.Client({ connectionString: `${url}/postgres` });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      break;
    } catch (error) {
      await probe.end().catch(() => {});
      if (attempt > 100) {
        await stop();
        throw new Error(`pgbouncer did not answer: ${(error as Error).message}\n${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, log: () => log, stop };
}
