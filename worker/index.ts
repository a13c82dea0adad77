import { z } from 'zod';
import { config } from '../server/config';
import { closeDatabase, connectDatabase } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';
import { onShutdown } from '../server/lifecycle';
import { logger } from '../server/logger';
import { startWorker } from './worker';

/*
 * The worker process: `tsx worker/index.ts`. It connects to DATABASE_URL and REDIS_URL (with
 * DATABASE_URL unset it starts the local infrastructure like server/index.ts: run it alone then,
 * not beside a server that started its own). It does not migrate: the server does, and jobs
 * retry until the schema is there. Environment: DATABASE_URL (and DATABASE_DIRECT_URL behind
 * PgBouncer: docs/operations.md#pgbouncer), REDIS_URL, REDIS_PREFIX (same as
 * the server's), LOG_LEVEL, WORKER_CONCURRENCY (default 5), BROADCAST_SWEEP_EVERY_MS (default
 * 60000), SMTP_URL and MAIL_FROM (outgoing email), APP_ORIGIN (links in emails), SESSION_SECRET
 * (the server's: unsubscribe links are signed with it). SIGTERM/SIGINT: running jobs finish,
 * then it exits 0.
 *
 * Redis in production (BullMQ keeps jobs there, Socket.IO its recovery stream):
 *   maxmemory-policy noeviction   an evicted key is a lost job or a corrupt queue
 *   appendonly yes                delayed jobs (a broadcast's end date) survive a restart
 *   appendfsync everysec          (the default) at most a second of writes lost in a crash
 * Whatever is still lost, the sweep (every minute) and the date-based reads make good.
 */
const WorkerEnv = z.object({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  BROADCAST_SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(60_000),
});

async function main() {
  const env = WorkerEnv.parse(process.env);
  const infrastructure = config.databaseUrl
    ? { databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, stop: async () => {} }
    : await startInfrastructure(config, (line) => logger.info(line));
  connectDatabase(infrastructure.databaseUrl, env.WORKER_CONCURRENCY + 2);
  const worker = await startWorker({
    redisUrl: infrastructure.redisUrl,
    prefix: config.redisPrefix,
    concurrency: env.WORKER_CONCURRENCY,
    sweepEveryMs: env.BROADCAST_SWEEP_EVERY_MS,
  });
  onShutdown('el worker', async () => {
    await worker.close();
    await closeDatabase();
    await infrastructure.stop();
  });
  // Only once SIGTERM is handled: a parent may stop the worker the moment it hears this.
  process.send?.({ type: 'ready' });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
