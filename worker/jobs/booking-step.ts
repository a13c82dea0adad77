import type { Job, Queue } from 'bullmq';
import { JOBS, bookingStepJobId, type BookingStepData } from '../../shared/jobs';
import { cancelUnapproved, completeBookings, nextBookingStep, remindBookings } from '../../server/commands/bookings';
import { transaction } from '../../server/db/transaction';
import { keepDelayedJob, waitAgain } from './delayed';

/**
 * Keeps a booking's step job in step with the database (like a maintenance deadline): one
 * delayed job at its next step while it is live; none once cancelled or completed. A new time
 * (reschedule, approval) replaces the job.
 */
export async function scheduleBookingStep(queue: Queue, bookingId: number) {
  await keepDelayedJob(queue, JOBS.bookingStep, bookingStepJobId(bookingId), await nextBookingStep(bookingId), (dueAt): BookingStepData => ({ bookingId, dueAt }), 'dueAt');
}

/**
 * Does whatever is due for the booking (reminder, auto-cancel, completion; each moves only a
 * row still in the state it expects, so running twice changes nothing), then waits again for
 * the next step if there is one.
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
