import type { Queue } from 'bullmq';
import { JOBS, visitorExpiryJobId, type ExpireVisitorData } from '../../shared/jobs';
import { pendingExpiry } from '../commands/visitors/retention';
import { keepDelayedJob, type Due } from './delayed';

/** When a pass closes: the end of its validity, or a waiting walk-in's time-out; null once closed. */
export async function visitorExpiryDue(visitorId: number): Promise<Due | null> {
  const pending = await pendingExpiry(visitorId);
  return pending && { at: pending.dueAt, inMs: pending.dueInMs };
}

/**
 * Keeps a pass's closing job in step with the database: one delayed job at the end of its
 * validity (or, for a walk-in waiting for its host, at its 3-minute time-out); none once it is
 * closed. An edit that moves the validity replaces the job.
 */
export async function scheduleVisitorExpiry(queue: Queue, visitorId: number) {
  await keepDelayedJob(queue, JOBS.expireVisitor, visitorExpiryJobId(visitorId), await visitorExpiryDue(visitorId), (dueAt): ExpireVisitorData => ({ visitorId, dueAt }), 'dueAt');
}
