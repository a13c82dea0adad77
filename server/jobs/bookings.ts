import type { Queue } from 'bullmq';
import { JOBS, bookingStepJobId, type BookingStepData } from '../../shared/jobs';
import { nextBookingStep } from '../commands/bookings/steps';
import { keepDelayedJob } from './delayed';

/**
 * Keeps a booking's step job in step with the database (like a maintenance deadline): one
 * delayed job at its next step while it is live; none once cancelled or completed. A new time
 * (reschedule, approval) replaces the job.
 */
export async function scheduleBookingStep(queue: Queue, bookingId: number) {
  await keepDelayedJob(queue, JOBS.bookingStep, bookingStepJobId(bookingId), await nextBookingStep(bookingId), (dueAt): BookingStepData => ({ bookingId, dueAt }), 'dueAt');
}
