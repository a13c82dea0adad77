import path from 'node:path';
import type { Config } from './config';
import { startEmbeddedPostgres } from './db/embedded';
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
      const embedded = await startEmbeddedPostgres({
        dir: path.join(cfg.dataDir, 'postgres'),
        port: cfg.embeddedPgPort,
        database: 'vecindad',
      });
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
