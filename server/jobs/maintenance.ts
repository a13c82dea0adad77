import type { Queue } from 'bullmq';
import { JOBS, overdueJobId, type MarkOverdueData } from '../../shared/jobs';
import { pendingDeadline } from '../commands/maintenance/deadlines';
import { keepDelayedJob, type Due } from './delayed';

/** When a request's deadline is due: while it is open and not yet overdue; null otherwise. */
export async function overdueCheckDue(requestId: number): Promise<Due | null> {
  const pending = await pendingDeadline(requestId);
  return pending && { at: pending.dueAt, inMs: pending.dueInMs };
}

/**
 * Keeps a request's deadline job in step with the database (like a broadcast's expiry): one
 * delayed job at its deadline while it is open and not yet overdue; none otherwise. A new
 * deadline (another priority) replaces the job.
 */
export async function scheduleOverdueCheck(queue: Queue, requestId: number) {
  await keepDelayedJob(queue, JOBS.markOverdue, overdueJobId(requestId), await overdueCheckDue(requestId), (dueAt): MarkOverdueData => ({ requestId, dueAt }), 'dueAt');
}
