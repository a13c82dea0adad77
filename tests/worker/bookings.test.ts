import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import type { LiveEvent } from '../../shared/events';
import { bookingStepJobId } from '../../shared/jobs';
import { nextDay, zonedInstant, zonedParts } from '../../shared/time';
import { scheduleBookingStep } from '../../server/jobs/bookings';
import { sweepBookings } from '../../worker/jobs/sweep-bookings';
import { createAmenity, createBooking, createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Booking steps end to end: a live server whose relay schedules one step job per booking, a
 * real BullMQ worker and Redis, and the resident's socket.
 */
const world = useLiveWorld();
const queue = world.queues.bookings;

async function building() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: resident, unit } = await createResident({ property });
  const amenity = await createAmenity({ propertyId: property.id, name: 'Salón', requiresApproval: true });
  return { organization, admin, property, resident, unit, amenity };
}

const seconds = (n: number) => new Date(Date.now() + n * 1000);
const statusOf = async (id: number) => (await db()('amenityBookings').where({ id }).first('status', 'cancelReason', 'remindedAt'));
const eventCount = async (type: string, id: number) => Number((await db()('events').where({ type, subjectId: id, audience: 'user' }).count({ n: '*' }))[0].n);

describe('the sweep (idempotent)', () => {
  it('completes ended bookings, cancels unapproved ones at their start, reminds the day before: once each', async () => {
    const b = await building();
    const ended = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'confirmed', startTime: seconds(-7200), endTime: seconds(-3600) });
    const unapproved = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'pending', startTime: seconds(-60), endTime: seconds(3540) });
    const tomorrow = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'confirmed', startTime: seconds(20 * 3600), endTime: seconds(21 * 3600), createdAt: seconds(-3 * 86400) as never });
    const madeToday = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'confirmed', startTime: seconds(22 * 3600), endTime: seconds(23 * 3600) });
    const nextWeek = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'confirmed', startTime: seconds(7 * 86400), endTime: seconds(7 * 86400 + 3600), createdAt: seconds(-86400) as never });
    await sweepBookings();
    await sweepBookings();
    expect((await statusOf(ended.id)).status).toBe('completed');
    expect(await statusOf(unapproved.id)).toMatchObject({ status: 'cancelled', cancelReason: 'No fue aprobada antes de su inicio' });
    expect((await statusOf(tomorrow.id)).remindedAt).not.toBeNull();
    expect((await statusOf(madeToday.id)).remindedAt).toBeNull();
    expect(await statusOf(nextWeek.id)).toMatchObject({ status: 'confirmed', remindedAt: null });
    expect(await eventCount('booking.completed', ended.id)).toBe(1);
    expect(await eventCount('booking.cancelled', unapproved.id)).toBe(1);
    expect(await eventCount('booking.reminder', tomorrow.id)).toBe(1);
    expect(await eventCount('booking.reminder', madeToday.id)).toBe(0);
  });
});

describe('with a worker', () => {
  world.useWorker();

  it('a new booking gets one step job with a stable id at its next step', async () => {
    const b = await building();
    const cookie = await world.cookie(b.resident);
    const day = nextDay(nextDay(nextDay(zonedParts(new Date()).day)));
    const start = zonedInstant(day, 10 * 60);
    const response = await world.api('POST', `/api/amenities/${b.amenity.id}/bookings`, cookie, {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3600_000).toISOString(),
      attendees: 2,
    });
    expect(response.status).toBe(201);
    const { id } = response.body as { id: number };
    const job = await waitFor(() => queue.getJob(bookingStepJobId(id)), 5000, 'el trabajo de la reserva');
    expect(await job.isDelayed()).toBe(true);
    // Pending and made 3 days ahead: its first step is the reminder a day before.
    expect(Math.abs(job.timestamp + job.delay - (start.getTime() - 86_400_000))).toBeLessThan(2000);
    // Scheduling again keeps one job.
    await scheduleBookingStep(queue, id);
    expect((await queue.getDelayed()).filter((delayed) => delayed.id === bookingStepJobId(id))).toHaveLength(1);
  });

  it('cancels an unapproved booking at its start and completes a confirmed one at its end, telling the resident live', async () => {
    const b = await building();
    const watcher = await world.connect(b.resident);
    const pending = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'pending', startTime: seconds(4), endTime: seconds(3600) });
    const confirmed = await createBooking({ amenityId: b.amenity.id, userId: b.resident.id, status: 'confirmed', startTime: seconds(-3600), endTime: seconds(2) });
    await scheduleBookingStep(queue, pending.id);
    await scheduleBookingStep(queue, confirmed.id);
    await waitFor(async () => (await statusOf(pending.id)).status === 'cancelled', 10_000, 'la cancelación automática');
    await waitFor(async () => (await statusOf(confirmed.id)).status === 'completed', 10_000, 'la reserva completada');
    await waitFor(() => watcher.events.find((event: LiveEvent) => event.type === 'booking.cancelled' && event.subjectId === pending.id), 5000, 'el aviso en vivo');
    // A job run again does nothing more.
    await scheduleBookingStep(queue, pending.id);
    expect(await queue.getJob(bookingStepJobId(pending.id))).toBeFalsy();
    expect(await eventCount('booking.cancelled', pending.id)).toBe(1);
  });
});
