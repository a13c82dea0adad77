import { Queue, type DefaultJobOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUES } from '../../shared/jobs';

/**
 * Every job retries with exponential backoff; completed jobs are kept a day for operators,
 * failed ones until an operator retries or cleans them (/admin/queues).
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 60 * 60, count: 1000 },
  removeOnFail: false,
};

export type Queues = { broadcasts: Queue; notifications: Queue; mail: Queue; maintenance: Queue; bookings: Queue; visitors: Queue; billing: Queue; push: Queue; onboarding: Queue };

/**
 * The queues, on an existing connection, every key under the deployment's Redis prefix. The
 * server adds jobs (event follow-ups) and shows them; the worker processes them.
 */
export function createQueues(connection: Redis, prefix: string): Queues {
  const queue = (name: string) => new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
  const queues = {
    broadcasts: queue(QUEUES.broadcasts),
    notifications: queue(QUEUES.notifications),
    mail: queue(QUEUES.mail),
    maintenance: queue(QUEUES.maintenance),
    bookings: queue(QUEUES.bookings),
    visitors: queue(QUEUES.visitors),
    billing: queue(QUEUES.billing),
    push: queue(QUEUES.push),
    onboarding: queue(QUEUES.onboarding),
  };
  // Failures reach the callers through their promises; an unheard 'error' would end the process.
  for (const queue of Object.values(queues)) queue.on('error', () => {});
  return queues;
}

export async function closeQueues(queues: Queues) {
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
}
