import { anonymiseVisitors, expireVisitors } from '../../server/commands/visitors/retention';
import { anonymisePackages } from '../../server/commands/packages/reminders';
import { transaction } from '../../server/db/transaction';

const BATCH = 500;

/**
 * Every minute: closes the passes and walk-ins whose own job was lost, and anonymises the
 * personal data of visits older than their organization's retention period (Ley 172-13), and
 * with it the photos, signatures and names of the packages that left the desk as long ago.
 */
export async function sweepVisitors() {
  let expired = 0;
  for (;;) {
    const batch = await transaction((trx) => expireVisitors(trx, { limit: BATCH }));
    expired += batch.length;
    if (batch.length < BATCH) break;
  }
  let anonymised = 0;
  for (;;) {
    const count = await transaction((trx) => anonymiseVisitors(trx, { limit: 1000 }));
    anonymised += count;
    if (count < 1000) break;
  }
  let packages = 0;
  for (;;) {
    const count = await transaction((trx) => anonymisePackages(trx, { limit: 1000 }));
    packages += count;
    if (count < 1000) break;
  }
  return { expired, anonymised, packages };
}
