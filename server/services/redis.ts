import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection. `failFast` connections (request paths) reject commands at once while
 * Redis is unreachable instead of queueing them, so a Redis outage never hangs a request.
 */
export function createRedis(url: string, options: RedisOptions & { failFast?: boolean } = {}) {
  const { failFast, ...rest } = options;
  const redis = new Redis(url, {
    lazyConnect: false,
    ...(failFast ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : {}),
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...rest,
  });
  // Errors are reported through health checks; without a listener ioredis prints each one.
  redis.on('error', () => {});
  return redis;
}

export async function pingRedis(url: string, timeoutMs = 1000): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function findOnPath(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export const REDIS_HELP = [
  'No hay Redis en REDIS_URL y no se encontró el programa redis-server.',
  'Instale Redis (Debian/Ubuntu: `apt-get install redis-server`; macOS: `brew install redis`),',
  'o inícielo con `docker compose up -d redis`, o apunte REDIS_URL a un servidor existente.',
].join('\n');

/**
 * Makes sure a Redis answers at `url`: when nothing does and `redis-server` is on PATH, starts
 * one as a child process with its data (append-only file) under `dataDir`.
 */
export async function ensureRedis(url: string, dataDir: string): Promise<{ stop: () => Promise<void> }> {
  if (await pingRedis(url)) return { stop: async () => {} };
  const binary = findOnPath('redis-server');
  if (!binary) throw new Error(REDIS_HELP);

  const { hostname, port } = new URL(url);
  fs.mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    binary,
    ['--bind', hostname || '127.0.0.1', '--port', port || '6379', '--dir', dataDir, '--appendonly', 'yes', '--save', ''],
    // Its own process group: a Ctrl+C in the terminal reaches only us, and we stop it last.
    { stdio: 'ignore', detached: true },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await pingRedis(url, 200)) {
      return {
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server no respondió en ${url}.\n${REDIS_HELP}`);
}
