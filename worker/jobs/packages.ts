import type { Job, Queue } from 'bullmq';
import { JOBS, packageReminderJobId, type RemindPackageData } from '../../shared/jobs';
import { dueReminders, remindPackage as remind, reminderDay } from '../../server/commands/packages/reminders';
import { transaction } from '../../server/db/transaction';

const JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: 2 * 86_400 }, removeOnFail: { count: 500 } };

/**
 * Every minute: one reminder job per package due one (waiting its organization's days, not yet
 * reminded today), with a stable id per package and day, so a sweep that finds it again adds
 * nothing. The database decides which are due; the job decides again under a lock.
 */
export function sweepPackages(queue: Queue) {
  return async () => {
    const day = await reminderDay();
    const ids = await dueReminders();
    for (const packageId of ids) {
      await queue.add(JOBS.remindPackage, { packageId, day } satisfies RemindPackageData, { ...JOB_OPTIONS, jobId: packageReminderJobId(packageId, day) });
    }
    return { enqueued: ids.length };
  };
}

/** Reminds one package's unit, once a day at most (a second run, or a package picked up meanwhile, does nothing). */
export async function remindPackage(job: Job<RemindPackageData>) {
  return { reminded: await transaction((trx) => remind(trx, job.data.packageId)) };
}
