import type { Job, Queue } from 'bullmq';
import { JOBS, visitorExpiryJobId, type ExpireVisitorData } from '../../shared/jobs';
import { expireVisitors, pendingExpiry } from '../../server/commands/visitors';
import { transaction } from '../../server/db/transaction';
import { keepDelayedJob, waitAgain } from './delayed';

const dueOf = async (visitorId: number) => {
  const pending = await pendingExpiry(visitorId);
  return pending && { at: pending.dueAt, inMs: pending.dueInMs };
};

/**
 * Keeps a pass's closing job in step with the database: one delayed job at the end of its
 * validity (or, for a walk-in waiting for its host, at its 3-minute time-out); none once it is
 * closed. An edit that moves the validity replaces the job.
 */
export async function scheduleVisitorExpiry(queue: Queue, visitorId: number) {
  await keepDelayedJob(queue, JOBS.expireVisitor, visitorExpiryJobId(visitorId), await dueOf(visitorId), (dueAt): ExpireVisitorData => ({ visitorId, dueAt }), 'dueAt');
}

/** Closes the pass or walk-in when its time has come (by the database clock); if it moved later, waits again. */
export async function expireVisitor(job: Job<ExpireVisitorData>, token?: string) {
  const { visitorId } = job.data;
  const closed = await transaction((trx) => expireVisitors(trx, { visitorId }));
  if (closed.length) return { expired: true };
  const due = await dueOf(visitorId);
  return { expired: await waitAgain(job, token, due, { visitorId, dueAt: due?.at.toISOString() ?? job.data.dueAt }) };
}
