import type { Job } from 'bullmq';
import type { ExpireBroadcastData } from '../../shared/jobs';
import { expireEndedBroadcasts } from '../../server/commands/broadcasts';
import { transaction } from '../../server/db/transaction';
import { broadcastExpiryDue } from '../../server/jobs/broadcasts';
import { waitAgain } from '../../server/jobs/delayed';

/**
 * Expires the broadcast when its end date has passed (by the database clock). If the end date
 * moved later since the job was scheduled, the job waits again until the new end.
 */
export async function expireBroadcast(job: Job<ExpireBroadcastData>, token?: string) {
  const { broadcastId } = job.data;
  const expired = await transaction((trx) => expireEndedBroadcasts(trx, { broadcastId }));
  if (expired.length) return { expired: true };
  const due = await broadcastExpiryDue(broadcastId);
  return { expired: await waitAgain(job, token, due, { broadcastId, endsAt: due?.at.toISOString() ?? job.data.endsAt }) };
}
