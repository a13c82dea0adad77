import type { Job, Queue } from 'bullmq';
import { JOBS, chargeReminderJobId, type RemindChargeData, type SweepChargeRemindersData } from '../../shared/jobs';
import { REMINDER_HOURS } from '../../shared/schemas/collections';
import { todayThere, zonedParts } from '../../shared/time';
import { dueChargeReminders, remindCharge as remind } from '../../server/commands/collections/reminders';
import { transaction } from '../../server/db/transaction';

const JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: 2 * 86_400 }, removeOnFail: { count: 500 } };

/**
 * Every minute, in the day's hours (REMINDER_HOURS, the organization's zone: none at night):
 * one job per charge and step due a reminder, with a stable id, so a sweep that finds it again
 * adds nothing. The database decides which are due; the job decides again under a lock.
 */
export function sweepChargeReminders(queue: Queue) {
  return async (job?: Job<SweepChargeRemindersData>) => {
    const today = job?.data?.today ?? todayThere();
    const hour = job?.data?.hour ?? Math.floor(zonedParts(new Date()).minutes / 60);
    if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.to) return { enqueued: 0, night: true };
    const due = await dueChargeReminders(today);
    for (const { chargeId, step } of due) {
      await queue.add(JOBS.remindCharge, { chargeId, step } satisfies RemindChargeData, { ...JOB_OPTIONS, jobId: chargeReminderJobId(chargeId, step) });
    }
    return { enqueued: due.length };
  };
}

/** Sends one charge's reminder at one step, once (a second run, or a charge paid meanwhile, does nothing). */
export async function remindCharge(job: Job<RemindChargeData>) {
  return { reminded: await transaction((trx) => remind(trx, job.data.chargeId, job.data.step)) };
}
