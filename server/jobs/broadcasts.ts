import type { Queue } from 'bullmq';
import { JOBS, expiryJobId, type ExpireBroadcastData } from '../../shared/jobs';
import { pendingExpiry } from '../commands/broadcasts';
import { keepDelayedJob, type Due } from './delayed';

/** When a broadcast's expiry is due: its end date while it is active with one; null otherwise. */
export async function broadcastExpiryDue(broadcastId: number): Promise<Due | null> {
  const pending = await pendingExpiry(broadcastId);
  return pending && { at: pending.endDate, inMs: pending.endsInMs };
}

/**
 * Keeps a broadcast's expiry job in step with the database: one delayed job at its end date
 * while it is active with an end date; none otherwise (deleted, end date cleared, no longer
 * active). Moving the end date replaces the job (server/events/followUps.ts runs it).
 */
export async function scheduleBroadcastExpiry(queue: Queue, broadcastId: number) {
  await keepDelayedJob(queue, JOBS.expireBroadcast, expiryJobId(broadcastId), await broadcastExpiryDue(broadcastId), (endsAt): ExpireBroadcastData => ({ broadcastId, endsAt }), 'endsAt');
}
