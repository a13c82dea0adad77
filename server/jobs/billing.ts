import type { Queue } from 'bullmq';
import { TIME_ZONE } from '../../shared/time';
import { JOBS, planSchedulerId, propertyLateFeesJobId, type IssueMonthlyData, type PropertyLateFeesData } from '../../shared/jobs';
import { db } from '../db';

const JOB_OPTIONS = { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } };

/**
 * Keeps a property's monthly job scheduler in step with its billing plan: at 06:00 of the
 * plan's issue day (billing time zone) while it has a plan, none otherwise. Upserting the same
 * id replaces the scheduler (another issue day), so the relay may run it again.
 */
export async function schedulePlanIssue(queue: Queue, propertyId: number) {
  const plan = await db()('billingPlans').where({ propertyId }).first('issueDay');
  if (!plan) {
    await queue.removeJobScheduler(planSchedulerId(propertyId));
    return;
  }
  await queue.upsertJobScheduler(
    planSchedulerId(propertyId),
    { pattern: `0 6 ${plan.issueDay} * *`, tz: TIME_ZONE },
    { name: JOBS.issueMonthly, data: { propertyId } satisfies IssueMonthlyData, opts: JOB_OPTIONS },
  );
}

/**
 * The day's late fees, one job per property (workers share them; each runs its plan in short
 * transactions). A job id per property and day: enqueuing the day again adds none while the
 * jobs are kept, and a job run twice makes no fee twice.
 */
export async function enqueuePropertyLateFees(queue: Queue, propertyIds: number[], today: string) {
  await queue.addBulk(propertyIds.map((propertyId) => ({
    name: JOBS.propertyLateFees,
    data: { propertyId, today } satisfies PropertyLateFeesData,
    opts: { ...JOB_OPTIONS, jobId: propertyLateFeesJobId(propertyId, today) },
  })));
}
