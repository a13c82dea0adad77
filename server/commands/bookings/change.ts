import type { Knex } from 'knex';
import { bookingCost } from '../../../shared/bookings';
import type { BookingPatchInput } from '../../../shared/schemas/bookings';
import { forbidden } from '../../errors';
import { recordEvent } from '../../events/outbox';
import { AmenityBooking, type User } from '../../models';
import { cancelDeclines, cancelRefusal, changesBooking, confirmRefusal, managesBookings, needsApproval, rescheduleRefusal } from '../../policies/bookings';
import { getBooking } from '../../rows/bookings';
import { cancelBooking } from './cancel';
import { chargeBooking, RESCHEDULED_REASON, voidBookingCharges, voidCharge } from './charges';
import { bookingEvents } from './events';
import { checkCapacity, checkRules, databaseNow, lockAmenity, mapOverlap } from './rules';

/** Changes of a booking: approval, cancellation (or decline), reschedule (docs/modules/bookings.md, "States"). */

/**
 * Approve/decline (administrators, pending only), cancel (the booker within the window, an
 * administrator any time before the end) or reschedule (to another free time, same rules).
 */
export async function changeBooking(trx: Knex, actor: User, bookingId: number, input: BookingPatchInput) {
  const current = await AmenityBooking.query(trx).findById(bookingId).throwIfNotFound();
  const amenity = await lockAmenity(trx, current.amenityId);
  const booking = await AmenityBooking.query(trx).findById(bookingId).forUpdate().throwIfNotFound();
  if (!(await changesBooking(actor, booking, trx))) throw forbidden();
  const now = await databaseNow(trx);
  const refuse = (refusal: Error | null) => {
    if (refusal) throw refusal;
  };

  if ('status' in input && input.status === 'confirmed') {
    refuse(confirmRefusal(actor, booking, now));
    const updated = await AmenityBooking.query(trx).patchAndFetchById(booking.id, { status: 'confirmed', decidedAt: now });
    await chargeBooking(trx, actor, updated, amenity);
    await recordEvent(trx, ...bookingEvents('booking.confirmed', actor.id, updated, amenity));
  } else if ('status' in input) {
    refuse(cancelRefusal(actor, booking, amenity, now));
    await cancelBooking(trx, actor, booking, amenity, input.reason, { declined: cancelDeclines(actor, booking), now });
  } else {
    refuse(rescheduleRefusal(booking, now));
    const fields = { startTime: input.startTime, endTime: input.endTime, attendees: booking.attendees, unitId: booking.unitId, userId: booking.userId };
    await checkRules(trx, amenity, fields, { exceptId: booking.id, administrator: managesBookings(actor) });
    await checkCapacity(trx, amenity, input.startTime, input.endTime, booking.attendees, booking.id);
    const totalCost = bookingCost(amenity.hourlyRate, input.startTime, input.endTime);
    // A new time needs approval again where the amenity asks for it (unless an administrator moves it).
    const approvalAgain = needsApproval(actor, amenity) && booking.status === 'confirmed';
    const updated = await mapOverlap(trx, () =>
      AmenityBooking.query(trx).patchAndFetchById(booking.id, {
        startTime: input.startTime,
        endTime: input.endTime,
        blocksUntil: new Date(input.endTime.getTime() + amenity.bufferMinutes * 60_000),
        totalCost,
        remindedAt: null,
        ...(approvalAgain ? { status: 'pending' as const, decidedAt: null } : {}),
      }),
    );
    if (approvalAgain) {
      await voidBookingCharges(trx, actor, booking, RESCHEDULED_REASON);
    } else if (booking.chargeId && totalCost !== booking.totalCost) {
      await voidCharge(trx, actor, booking.chargeId, RESCHEDULED_REASON);
      await AmenityBooking.query(trx).patch({ chargeId: null }).where({ id: booking.id });
      await chargeBooking(trx, actor, { ...updated, chargeId: null, depositChargeId: booking.depositChargeId } as AmenityBooking, amenity);
    }
    await recordEvent(trx, ...bookingEvents('booking.rescheduled', actor.id, updated, amenity, { from: booking.startTime }));
  }
  return getBooking(trx, booking.id);
}
