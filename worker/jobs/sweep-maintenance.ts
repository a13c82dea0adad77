import { markOverdueRequests } from '../../server/commands/maintenance/deadlines';
import { transaction } from '../../server/db/transaction';

const BATCH = 500;

/**
 * The safety net (every minute): marks overdue every open request past its deadline, whatever
 * happened to its own job. Reads never depend on it: "overdue" is computed from the deadline.
 */
export async function sweepMaintenance() {
  let overdue = 0;
  for (;;) {
    const batch = await transaction((trx) => markOverdueRequests(trx, { limit: BATCH }));
    overdue += batch.length;
    if (batch.length < BATCH) return { overdue };
  }
}
