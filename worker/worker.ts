import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { JOBS, QUEUES, WORKER_HEARTBEAT_EVERY_MS } from '../shared/jobs';
import { logger as rootLogger } from '../server/logger';
import { createRedis } from '../server/services/redis';
import { beat } from './heartbeat';
import { expireBroadcast } from './jobs/expire-broadcast';
import { sweepBroadcasts } from './jobs/sweep-broadcasts';
import { closeQueues, createQueues } from './queues';
import { upsertSchedules } from './schedules';

type Processor = (job: Job, token?: string) => Promise<unknown>;

const BROADCAST_JOBS: Record<string, Processor> = {
  [JOBS.expireBroadcast]: expireBroadcast,
  [JOBS.sweepBroadcasts]: sweepBroadcasts,
};

export type RunningWorker = { close: () => Promise<void> };

/**
 * The BullMQ worker on a connected database: processes the queues, upserts the job schedulers
 * and beats a heartbeat the server's health check reports. Several may run at once.
 */
export async function startWorker(options: {
  redisUrl: string;
  prefix: string;
  concurrency?: number;
  sweepEveryMs?: number;
  log?: Logger;
}): Promise<RunningWorker> {
  const log = options.log ?? rootLogger.child({ component: 'worker' });
  // Blocking commands must wait out a Redis restart instead of failing (BullMQ requirement).
  const connection = createRedis(options.redisUrl, { maxRetriesPerRequest: null });
  const queues = createQueues(connection, options.prefix);

  const worker = new Worker(
    QUEUES.broadcasts,
    async (job, token) => {
      const process = BROADCAST_JOBS[job.name];
      if (!process) throw new Error(`Trabajo desconocido: ${job.name}`);
      return process(job, token);
    },
    { connection, prefix: options.prefix, concurrency: options.concurrency ?? 5 },
  );
  worker.on('failed', (job, error) =>
    log.warn({ err: error, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade }, 'trabajo fallido'),
  );
  worker.on('error', (error) => log.error({ err: error }, 'error del worker'));

  await upsertSchedules(queues, { sweepEveryMs: options.sweepEveryMs });
  const heartbeat = setInterval(() => beat(connection, options.prefix).catch(() => {}), WORKER_HEARTBEAT_EVERY_MS);
  await beat(connection, options.prefix).catch(() => {});
  await worker.waitUntilReady();
  log.info({ concurrency: options.concurrency ?? 5 }, 'worker listo');

  return {
    async close() {
      clearInterval(heartbeat);
      // Lets the running jobs finish (a job cut short is retried by another worker anyway).
      await worker.close();
      await closeQueues(queues);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
