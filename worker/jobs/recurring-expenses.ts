import type { Job, Queue } from 'bullmq';
import type { IssueRecurringExpenseData } from '../../shared/jobs';
import { todayThere } from '../../shared/time';
import { issueRecurringExpense as issue, recurringDue } from '../../server/commands/finances/recurring';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { scheduleRecurringExpense } from '../../server/jobs/recurringExpenses';

/**
 * Issues a template's expense of the month (once per template and month: running it again,
 * from a second worker or after a restart, issues nothing more), then schedules the next
 * month's job.
 */
export function issueRecurringExpense(queue: Queue) {
  return async (job: Job<IssueRecurringExpenseData>) => {
    const expenseId = await transaction((trx) => issue(trx, job.data.templateId, todayThere()));
    await scheduleRecurringExpense(queue, job.data.templateId);
    return { expenseId };
  };
}

/**
 * The safety net (every minute): issues this month's expense of every template whose day came
 * and that misses it (a lost job, a worker down that day, a month reopened), and restores the
 * next job of every active template (Redis lost it).
 */
export function sweepRecurringExpenses(queue: Queue) {
  return async () => {
    const today = todayThere();
    let issued = 0;
    for (const templateId of await recurringDue(today)) {
      if (await transaction((trx) => issue(trx, templateId, today))) issued++;
    }
    const active: Array<{ id: number }> = await db()('recurringExpenses').where({ active: true }).whereNull('deletedAt').select('id');
    for (const { id } of active) await scheduleRecurringExpense(queue, id);
    return { issued, templates: active.length };
  };
}
