import { fork } from 'node:child_process';
import path from 'node:path';
import type { Config } from './config';
import { appEntry } from './paths';
import type { EmbeddedDatabase, EmbeddedOptions } from './db/embedded';
import { ensureRedis } from './services/redis';

export type Infrastructure = { databaseUrl: string; redisUrl: string; stop: () => Promise<void> };

/**
 * The database and Redis the app runs on: DATABASE_URL, or an embedded PostgreSQL with its
 * data under .data/postgres; REDIS_URL, or a local redis-server started with its data under
 * .data/redis when nothing answers there.
 */
export async function startInfrastructure(
  cfg: Config,
  log: (line: string) => void = () => {},
  needs: { redis: boolean } = { redis: true },
): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };
  try {
    let databaseUrl = cfg.databaseUrl;
    if (!databaseUrl) {
      log(`Iniciando PostgreSQL integrado (puerto ${cfg.embeddedPgPort}, datos en ${path.join(cfg.dataDir, 'postgres')})...`);
      const embedded = await startEmbeddedDatabase({ dir: path.join(cfg.dataDir, 'postgres'), port: cfg.embeddedPgPort, database: 'vecindad' });
      stops.push(embedded.stop);
      databaseUrl = embedded.url;
    }
    if (needs.redis) {
      const redis = await ensureRedis(cfg.redisUrl, path.join(cfg.dataDir, 'redis'));
      stops.push(redis.stop);
    }
    return { databaseUrl, redisUrl: cfg.redisUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The embedded PostgreSQL as a child process in its own process group: a Ctrl+C in the
 * terminal reaches only the parent, which stops the database last.
 */
export function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const entry = appEntry('server/db/embedded-process');
  const child = fork(entry.file, {
    execArgv: entry.execArgv,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, VECINDAD_EMBEDDED_PG: JSON.stringify(options) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url?: string; error?: string }) => {
      if (!message.url) return reject(new Error(message.error ?? 'PostgreSQL integrado no arrancó'));
      resolve({
        url: message.url,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL integrado terminó (código ${code})`)));
  });
}
