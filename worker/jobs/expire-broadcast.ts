import type { Job, Queue } from 'bullmq';
import { JOBS, expiryJobId, type ExpireBroadcastData } from '../../shared/jobs';
import { expireEndedBroadcasts, pendingExpiry } from '../../server/commands/broadcasts';
import { transaction } from '../../server/db/transaction';
import { keepDelayedJob, waitAgain } from './delayed';

const dueOf = async (broadcastId: number) => {
  const pending = await pendingExpiry(broadcastId);
  return pending && { at: pending.endDate, inMs: pending.endsInMs };
};

/**
 * Keeps a broadcast's expiry job in step with the database: one delayed job at its end date
 * while it is active with an end date; none otherwise (deleted, end date cleared, no longer
 * active). Moving the end date replaces the job (server/events/followUps.ts runs it).
 */
export async function scheduleBroadcastExpiry(queue: Queue, broadcastId: number) {
  await keepDelayedJob(queue, JOBS.expireBroadcast, expiryJobId(broadcastId), await dueOf(broadcastId), (endsAt): ExpireBroadcastData => ({ broadcastId, endsAt }), 'endsAt');
}

/**
 * Expires the broadcast when its end date has passed (by the database clock). If the end date
 * moved later since the job was scheduled, the job waits again until the new end.
 */
export async function expireBroadcast(job: Job<ExpireBroadcastData>, token?: string) {
  const { broadcastId } = job.data;
  const expired = await transaction((trx) => expireEndedBroadcasts(trx, { broadcastId }));
  if (expired.length) return { expired: true };
  const due = await dueOf(broadcastId);
  return { expired: await waitAgain(job, token, due, { broadcastId, endsAt: due?.at.toISOString() ?? job.data.endsAt }) };
}
