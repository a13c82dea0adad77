import type { Queue, RepeatOptions } from 'bullmq';
import { TIME_ZONE } from '../../shared/time';
import { JOBS, SCHEDULERS } from '../../shared/jobs';
import type { Queues } from './queues';

const SWEEP_OPTIONS = { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } };

/** The repeatable jobs (sweeps): which queue, scheduler id, interval and job. */
function schedules(queues: Queues, sweepEveryMs?: number): Array<{ queue: Queue; id: string; every?: number; pattern?: string; job: string }> {
  return [
    { queue: queues.billing, id: SCHEDULERS.billingSweep.id, every: sweepEveryMs ?? SCHEDULERS.billingSweep.everyMs, job: JOBS.sweepBilling },
    { queue: queues.billing, id: SCHEDULERS.recurringExpenseSweep.id, every: sweepEveryMs ?? SCHEDULERS.recurringExpenseSweep.everyMs, job: JOBS.sweepRecurringExpenses },
    { queue: queues.billing, id: SCHEDULERS.chargeReminderSweep.id, every: sweepEveryMs ?? SCHEDULERS.chargeReminderSweep.everyMs, job: JOBS.sweepChargeReminders },
    { queue: queues.billing, id: SCHEDULERS.lateFees.id, pattern: SCHEDULERS.lateFees.pattern, job: JOBS.lateFees },
    { queue: queues.broadcasts, id: SCHEDULERS.broadcastSweep.id, every: sweepEveryMs ?? SCHEDULERS.broadcastSweep.everyMs, job: JOBS.sweepBroadcasts },
    { queue: queues.notifications, id: SCHEDULERS.notificationSweep.id, every: sweepEveryMs ?? SCHEDULERS.notificationSweep.everyMs, job: JOBS.sweepNotifications },
    { queue: queues.maintenance, id: SCHEDULERS.maintenanceSweep.id, every: sweepEveryMs ?? SCHEDULERS.maintenanceSweep.everyMs, job: JOBS.sweepMaintenance },
    { queue: queues.bookings, id: SCHEDULERS.bookingSweep.id, every: sweepEveryMs ?? SCHEDULERS.bookingSweep.everyMs, job: JOBS.sweepBookings },
    { queue: queues.visitors, id: SCHEDULERS.visitorSweep.id, every: sweepEveryMs ?? SCHEDULERS.visitorSweep.everyMs, job: JOBS.sweepVisitors },
    { queue: queues.onboarding, id: SCHEDULERS.onboardingSweep.id, every: sweepEveryMs ?? SCHEDULERS.onboardingSweep.everyMs, job: JOBS.sweepOnboarding },
    { queue: queues.visitors, id: SCHEDULERS.packageSweep.id, every: sweepEveryMs ?? SCHEDULERS.packageSweep.everyMs, job: JOBS.sweepPackages },
  ];
}

/**
 * Upserts the job schedulers (several workers upsert the same ids). With `onlyMissing`, only
 * those Redis no longer has: a Redis that restarted without its data, or was flushed. A new
 * scheduler runs its sweep at once, and the sweeps re-create the delayed jobs that were lost.
 * Answers how many were (re)created.
 */
export async function upsertSchedules(queues: Queues, options: { sweepEveryMs?: number; onlyMissing?: boolean } = {}) {
  let created = 0;
  for (const { queue, id, every, pattern, job } of schedules(queues, options.sweepEveryMs)) {
    if (options.onlyMissing && (await queue.getJobScheduler(id))) continue;
    const repeat: Omit<RepeatOptions, 'key'> = pattern ? { pattern, tz: TIME_ZONE } : { every };
    await queue.upsertJobScheduler(id, repeat, { name: job, opts: SWEEP_OPTIONS });
    created++;
  }
  return created;
}
