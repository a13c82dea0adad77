import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { notFound } from '../errors';
import type { AmenityBooking, User } from '../models';
import { propertyIdsWithReadableDetails } from './properties';
import { actsForUnit } from './residency';

/**
 * Who changes which booking (docs/modules/bookings.md). Everyone who reads a property knows its
 * bookings (the calendar shows their times); administrators change any of them; the booker
 * theirs while they act for its unit now (policies/residency.ts; a booking without a unit,
 * while they read its property): a resident who left the unit changes none of its bookings.
 */

/** The id of a booking of a property whose amenities the user reads, or 404. */
export async function findReadableBookingId(user: User, id: number, trx: Knex = db()): Promise<number> {
  const booking = await trx('amenityBookings')
    .where({ id })
    .whereIn('amenityId', trx('amenities').select('id').whereIn('propertyId', propertyIdsWithReadableDetails(user, trx)))
    .first('id');
  if (!booking) throw notFound(messageText('booking_not_found'));
  return booking.id;
}

/** Whether the user may change (cancel, reschedule) this booking of a property they read. */
export async function changesBooking(user: User, booking: Pick<AmenityBooking, 'userId' | 'unitId'>, trx: Knex = db()) {
  if (isAdministrator(user)) return true;
  if (booking.userId !== user.id) return false;
  return booking.unitId === null || actsForUnit(user.id, booking.unitId, trx);
}
