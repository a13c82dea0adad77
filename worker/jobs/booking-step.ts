import type { Job } from 'bullmq';
import type { BookingStepData } from '../../shared/jobs';
import { cancelUnapproved, completeBookings, nextBookingStep, remindBookings } from '../../server/commands/bookings/steps';
import { transaction } from '../../server/db/transaction';
import { waitAgain } from '../../server/jobs/delayed';

/**
 * Does whatever is due for the booking (reminder, auto-cancel, completion; each moves only a
 * row still in the state it expects, so running twice changes nothing), then waits again for
 * the next step if there is one (server/jobs/bookings.ts schedules it).
 */
export async function bookingStep(job: Job<BookingStepData>, token?: string) {
  const { bookingId } = job.data;
  const done = await transaction(async (trx) => ({
    reminded: (await remindBookings(trx, { bookingId })).length,
    cancelled: (await cancelUnapproved(trx, { bookingId })).length,
    completed: (await completeBookings(trx, { bookingId })).length,
  }));
  const next = await nextBookingStep(bookingId);
  await waitAgain(job, token, next, { bookingId, dueAt: next?.at.toISOString() ?? job.data.dueAt });
  return done;
}
