import type { Job, Queue } from 'bullmq';
import { todayThere } from '../../shared/time';
import { planSchedulerId, type IssueMonthlyData, type LateFeesData, type PropertyLateFeesData } from '../../shared/jobs';
import { issueMonthlyInBatches, plansDue } from '../../server/commands/billingPlans';
import { lateFeePlans, planLateFees } from '../../server/commands/lateFees';
import { reviewAgreements } from '../../server/commands/collections/agreements';
import { keepEveryDebtCurrent } from '../../server/commands/delinquency';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { enqueuePropertyLateFees, schedulePlanIssue } from '../../server/jobs/billing';

/**
 * Issues a property's cuotas of the month (one per unit and period: running it again, from a
 * second worker or after a restart, issues nothing more), in short transactions of a batch of
 * units each, so requests and other workers never wait long on its locks.
 */
export async function issueMonthly(job: Job<IssueMonthlyData>) {
  return { issued: await issueMonthlyInBatches(job.data.propertyId) };
}

/**
 * The day's late fees (once per overdue charge and month): the payment agreements' state of the
 * day first (a missed instalment resumes the fees), then a job per plan with a rule, which the
 * workers share. A job lost with Redis is made up by the next day's run in the same month (a
 * fee is per charge and month).
 */
export function applyDayLateFees(queue: Queue) {
  return async (job: Job<LateFeesData>) => {
    const today = job.data?.today ?? todayThere();
    await transaction((trx) => reviewAgreements(trx, today));
    const propertyIds = await lateFeePlans(db(), today);
    await enqueuePropertyLateFees(queue, propertyIds, today);
    return { properties: propertyIds.length };
  };
}

/** One plan's late fees of the day, in short transactions. */
export async function applyPropertyLateFees(job: Job<PropertyLateFeesData>) {
  return { lateFees: (await planLateFees(job.data.propertyId, job.data.today)).length };
}

/**
 * The safety net (every minute): issues the month's cuotas of every plan whose issue day came
 * and that still misses some (a lost job, a worker down that day, units added after the issue),
 * decides the payment agreements (kept, broken), moves the delinquency report's kept debts to a new day, and restores the plan schedulers
 * Redis lost.
 */
export function sweepBilling(queue: Queue) {
  return async () => {
    let issued = 0;
    for (const propertyId of await plansDue()) {
      issued += await issueMonthlyInBatches(propertyId);
    }
    // Payment agreements kept in full or with an instalment missed (idempotent: only active ones change).
    const agreements = (await transaction((trx) => reviewAgreements(trx, todayThere()))).length;
    // Past midnight, what units owe ages: the kept debts of the organizations move to the new day.
    await keepEveryDebtCurrent(todayThere());
    let restored = 0;
    for (const { propertyId } of (await db()('billingPlans').select('propertyId')) as Array<{ propertyId: number }>) {
      if (await queue.getJobScheduler(planSchedulerId(propertyId))) continue;
      await schedulePlanIssue(queue, propertyId);
      restored++;
    }
    return { issued, restored, agreements };
  };
}
