import type { Job, Queue } from 'bullmq';
import { todayThere } from '../../shared/time';
import { planSchedulerId, type IssueMonthlyData, type LateFeesData } from '../../shared/jobs';
import { issueMonthlyInBatches, plansDue } from '../../server/commands/billingPlans';
import { applyLateFeesInBatches } from '../../server/commands/lateFees';
import { reviewAgreements } from '../../server/commands/collections/agreements';
import { keepEveryDebtCurrent } from '../../server/commands/delinquency';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { schedulePlanIssue } from '../../server/jobs/billing';

/**
 * Issues a property's cuotas of the month (one per unit and period: running it again, from a
 * second worker or after a restart, issues nothing more), in short transactions of a batch of
 * units each, so requests and other workers never wait long on its locks.
 */
export async function issueMonthly(job: Job<IssueMonthlyData>) {
  return { issued: await issueMonthlyInBatches(job.data.propertyId) };
}

/** The day's late fees of every plan (once per overdue charge and month), in short transactions. */
export async function applyDayLateFees(job: Job<LateFeesData>) {
  return { lateFees: await applyLateFeesInBatches(job.data?.today ?? todayThere()) };
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
