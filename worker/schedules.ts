import { JOBS, SCHEDULERS } from '../shared/jobs';
import type { Queues } from './queues';

/** Repeatable jobs, upserted at every worker boot (several workers upsert the same ids). */
export async function upsertSchedules(queues: Queues, options: { sweepEveryMs?: number } = {}) {
  await queues.broadcasts.upsertJobScheduler(
    SCHEDULERS.broadcastSweep.id,
    { every: options.sweepEveryMs ?? SCHEDULERS.broadcastSweep.everyMs },
    {
      name: JOBS.sweepBroadcasts,
      opts: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { count: 100 },
        removeOnFail: { count: 500 },
      },
    },
  );
}
