import { DelayedError, type Job, type Queue } from 'bullmq';
import { JOBS, expiryJobId, type ExpireBroadcastData } from '../../shared/jobs';
import { expireEndedBroadcasts, pendingExpiry } from '../../server/commands/broadcasts';
import { transaction } from '../../server/db/transaction';

/**
 * Keeps a broadcast's expiry job in step with the database: one delayed job at its end date
 * while it is active with an end date; none otherwise (deleted, end date cleared, no longer
 * active). Moving the end date replaces the job. Idempotent, so the relay may run it again for
 * a re-delivered event (server/events/followUps.ts).
 */
export async function scheduleBroadcastExpiry(queue: Queue, broadcastId: number) {
  const jobId = expiryJobId(broadcastId);
  const pending = await pendingExpiry(broadcastId);
  const existing = await queue.getJob(jobId);
  if (existing) {
    const endsAt = pending?.endDate.toISOString();
    if (endsAt && existing.data?.endsAt === endsAt && (await existing.isDelayed())) return;
    // 0: the job is running right now; it reads the current end date itself (below).
    if ((await queue.remove(jobId)) === 0) return;
  }
  if (!pending) return;
  const data: ExpireBroadcastData = { broadcastId, endsAt: pending.endDate.toISOString() };
  await queue.add(JOBS.expireBroadcast, data, { jobId, delay: pending.endsInMs });
}

/**
 * Expires the broadcast when its end date has passed (by the database clock). If the end date
 * moved later since the job was scheduled, the job waits again until the new end.
 */
export async function expireBroadcast(job: Job<ExpireBroadcastData>, token?: string) {
  const { broadcastId } = job.data;
  const expired = await transaction((trx) => expireEndedBroadcasts(trx, { broadcastId }));
  if (expired.length) return { expired: true };
  const pending = await pendingExpiry(broadcastId);
  if (pending && pending.endsInMs > 0 && token) {
    await job.updateData({ broadcastId, endsAt: pending.endDate.toISOString() });
    await job.moveToDelayed(Date.now() + pending.endsInMs, token);
    throw new DelayedError();
  }
  return { expired: false };
}
