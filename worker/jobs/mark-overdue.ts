import type { Job, Queue } from 'bullmq';
import { JOBS, overdueJobId, type MarkOverdueData } from '../../shared/jobs';
import { markOverdueRequests, pendingDeadline } from '../../server/commands/maintenance';
import { transaction } from '../../server/db/transaction';
import { keepDelayedJob, waitAgain } from './delayed';

const dueOf = async (requestId: number) => {
  const pending = await pendingDeadline(requestId);
  return pending && { at: pending.dueAt, inMs: pending.dueInMs };
};

/**
 * Keeps a request's deadline job in step with the database (like a broadcast's expiry): one
 * delayed job at its deadline while it is open and not yet overdue; none otherwise. A new
 * deadline (another priority) replaces the job.
 */
export async function scheduleOverdueCheck(queue: Queue, requestId: number) {
  await keepDelayedJob(queue, JOBS.markOverdue, overdueJobId(requestId), await dueOf(requestId), (dueAt): MarkOverdueData => ({ requestId, dueAt }), 'dueAt');
}

/**
 * Marks the request overdue when its deadline has passed (by the database clock). If the
 * deadline moved later since the job was scheduled, the job waits again until then.
 */
export async function markOverdue(job: Job<MarkOverdueData>, token?: string) {
  const { requestId } = job.data;
  const marked = await transaction((trx) => markOverdueRequests(trx, { requestId }));
  if (marked.length) return { overdue: true };
  const due = await dueOf(requestId);
  return { overdue: await waitAgain(job, token, due, { requestId, dueAt: due?.at.toISOString() ?? job.data.dueAt }) };
}
