import type { Knex } from 'knex';
import { cancelUnapproved, completeBookings, remindBookings } from '../../server/commands/bookings/steps';
import { transaction } from '../../server/db/transaction';

const BATCH = 500;

const drain = async (step: (trx: Knex, options: { limit: number }) => Promise<unknown[]>) => {
  let total = 0;
  for (;;) {
    const batch = await transaction((trx) => step(trx, { limit: BATCH }));
    total += batch.length;
    if (batch.length < BATCH) return total;
  }
};

/**
 * The safety net (every minute): reminders due, pending bookings past their start, confirmed
 * bookings past their end, whatever happened to their own jobs.
 */
export async function sweepBookings() {
  return { reminded: await drain(remindBookings), cancelled: await drain(cancelUnapproved), completed: await drain(completeBookings) };
}
