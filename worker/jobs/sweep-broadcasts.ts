import type { Queue } from 'bullmq';
import { expireEndedBroadcasts } from '../../server/commands/broadcasts';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { scheduleBroadcastExpiry } from '../../server/jobs/broadcasts';

const BATCH = 500;
/** Broadcasts ending this soon get their expiry job again if it was lost (a no-op otherwise). */
const RESCHEDULE_WITHIN = "interval '10 minutes'";

/**
 * The safety net (every minute): expires every active broadcast whose end date passed, whatever
 * happened to its own job (lost, deleted, Redis restored from an old snapshot or emptied), and
 * gives the broadcasts ending in the next minutes their delayed job again, so they still expire
 * on time. Reads never depend on it: "active" is computed from the dates.
 */
export function sweepBroadcasts(queue: Queue) {
  return async () => {
    let expired = 0;
    for (;;) {
      const batch = await transaction((trx) => expireEndedBroadcasts(trx, { limit: BATCH }));
      expired += batch.length;
      if (batch.length < BATCH) break;
    }
    const endingSoon: number[] = await db()('broadcasts')
      .where({ status: 'active' })
      .whereRaw(`end_date <= now() + ${RESCHEDULE_WITHIN}`)
      .orderBy('endDate')
      .limit(BATCH)
      .pluck('id');
    for (const id of endingSoon) await scheduleBroadcastExpiry(queue, id);
    return { expired, rescheduled: endingSoon.length };
  };
}
