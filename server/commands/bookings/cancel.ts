import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import { recordEvent } from '../../events/outbox';
import { AmenityBooking, type Amenity, type User } from '../../models';
import { isLive, LIVE_BOOKING_STATUSES } from '../../rows/bookings';
import { withinCancelWindow } from '../../policies/bookings';
import { cancelledReason, voidBookingCharges } from './charges';
import { bookingEvents } from './events';
import { databaseNow, lockAmenity } from './rules';

/**
 * Cancels a live booking: its charges are voided when it is cancelled inside its cancellation
 * window, or declined (pending); the booker and every open calendar are told.
 */
export async function cancelBooking(trx: Knex, actor: User, booking: AmenityBooking, amenity: Amenity, reason: string | null | undefined, { declined, now }: { declined: boolean; now: Date }) {
  const updated = await AmenityBooking.query(trx).patchAndFetchById(booking.id, { status: 'cancelled', cancelReason: reason, decidedAt: declined ? now : booking.decidedAt });
  if (declined || withinCancelWindow(booking, amenity, now)) await voidBookingCharges(trx, actor, booking, cancelledReason(reason));
  await recordEvent(trx, ...bookingEvents('booking.cancelled', actor.id, updated, amenity, { reason, declined }));
}

/**
 * The live bookings a person made for a unit they no longer act for (commands/departures.ts),
 * cancelled as an administrator (`actor`) cancels them: charges voided inside the cancellation
 * window, kept after it; the booker is told why.
 */
export async function cancelBookingsOfFormerBooker(trx: Knex, actor: User, userId: number, unitId: number) {
  const ids: number[] = await trx('amenityBookings').where({ userId, unitId }).whereIn('status', LIVE_BOOKING_STATUSES).where('endTime', '>', trx.fn.now()).orderBy('id').pluck('id');
  const reason = messageText('booking_cancelled_resident_left');
  for (const id of ids) {
    const current = await AmenityBooking.query(trx).findById(id).throwIfNotFound();
    // The amenity first, then the booking: the order every change of a booking takes.
    const amenity = await lockAmenity(trx, current.amenityId);
    const booking = await AmenityBooking.query(trx).findById(id).forUpdate().throwIfNotFound();
    if (!isLive(booking.status)) continue;
    await cancelBooking(trx, actor, booking, amenity, reason, { declined: false, now: await databaseNow(trx) });
  }
  return ids.length;
}
