import { anonymiseVisitorRange, expireVisitors } from '../../server/commands/visitors/retention';
import { anonymisePackageRange } from '../../server/commands/packages/reminders';
import { inRetentionBatches, RETENTION_BATCH, type RetentionBatchSizes } from '../../server/db/retention';
import { transaction } from '../../server/db/transaction';

const BATCH = 500;

/**
 * Every minute: closes the passes and walk-ins whose own job was lost, and anonymises the
 * personal data of visits older than their organization's retention period (Ley 172-13), and
 * with it the photos, signatures and names of the packages that left the desk as long ago.
 */
export const sweepVisitors = () => sweepVisitorsIn(RETENTION_BATCH);

/**
 * The sweep with its retention batches' sizes: one short transaction per batch of ids (at most
 * `limit` rows written, `span` ids read), so neither its statements nor its row locks last
 * however many rows are due (a million visits the first time).
 */
export async function sweepVisitorsIn(sizes: RetentionBatchSizes) {
  let expired = 0;
  for (;;) {
    const batch = await transaction((trx) => expireVisitors(trx, { limit: BATCH }));
    expired += batch.length;
    if (batch.length < BATCH) break;
  }
  const anonymised = await inRetentionBatches('visitors', anonymiseVisitorRange, sizes);
  const packages = await inRetentionBatches('packages', anonymisePackageRange, sizes);
  return { expired, anonymised, packages };
}
