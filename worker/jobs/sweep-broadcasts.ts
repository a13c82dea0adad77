import { expireEndedBroadcasts } from '../../server/commands/broadcasts';
import { transaction } from '../../server/db/transaction';

const BATCH = 500;

/**
 * The safety net (every minute): expires every active broadcast whose end date passed, whatever
 * happened to its own job (lost, deleted, Redis restored from an old snapshot). Reads never
 * depend on it: "active" is computed from the dates.
 */
export async function sweepBroadcasts() {
  let expired = 0;
  for (;;) {
    const batch = await transaction((trx) => expireEndedBroadcasts(trx, { limit: BATCH }));
    expired += batch.length;
    if (batch.length < BATCH) return { expired };
  }
}
