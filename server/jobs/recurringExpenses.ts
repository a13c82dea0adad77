import type { Queue } from 'bullmq';
import { JOBS, recurringExpenseJobId, type IssueRecurringExpenseData } from '../../shared/jobs';
import { nextRecurringIssue } from '../commands/finances/recurring';
import { keepDelayedJob } from './delayed';

/**
 * Keeps a recurring expense template's job in step with the database: one delayed job (stable
 * id per template and month) at 06:00 of its day in the month it issues next, while the
 * template is active; none otherwise. A new day replaces the job. Idempotent (the relay and
 * the sweep run it again).
 */
export async function scheduleRecurringExpense(queue: Queue, templateId: number) {
  const next = await nextRecurringIssue(templateId);
  if (!next) return;
  const due = next.active ? { at: next.at, inMs: Math.max(0, next.at.getTime() - Date.now()) } : null;
  await keepDelayedJob(
    queue,
    JOBS.issueRecurringExpense,
    recurringExpenseJobId(templateId, next.month),
    due,
    (dueAt): IssueRecurringExpenseData => ({ templateId, month: next.month, dueAt }),
    'dueAt',
  );
}
