import type { Knex } from 'knex';
import { bookingCost } from '../../../shared/bookings';
import type { BookingCreateInput, BookingListQuery } from '../../../shared/schemas/bookings';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import { AmenityBooking, type User } from '../../models';
import { bookerFor, managesBookings, needsApproval, whereBookingReadable } from '../../policies/bookings';
import { bookingRows, getBooking, type BookingRow } from '../../rows/bookings';
import { rememberedPage } from '../../services/listTotals';
import { chargeBooking } from './charges';
import { bookingEvents } from './events';
import { checkCapacity, checkRules, lockAmenity, mapOverlap } from './rules';

/** Booking an amenity and listing bookings (docs/modules/bookings.md). */

/** Bookings of the amenities the user reads, filtered; `mine`: only the caller's. */
export async function listBookings(user: User, filters: BookingListQuery, trx: Knex = db()) {
  // The filters on the page's own query too, not as a list of ids it must be in (a generic plan joins that list by reading every booking).
  const filtered = (query: Knex.QueryBuilder) => {
    whereBookingReadable(query, user, trx);
    if (filters.propertyId) query.where('a.propertyId', filters.propertyId);
    if (filters.amenityId) query.where('b.amenityId', filters.amenityId);
    if (filters.status) query.where('b.status', filters.status);
    if (filters.mine) query.where('b.userId', user.id);
    if (filters.from) query.where('b.endTime', '>', filters.from);
    if (filters.to) query.where('b.startTime', '<', filters.to);
    return query;
  };
  const page = filtered(bookingRows(trx)).orderBy([{ column: 'b.startTime' }, { column: 'b.id' }]).offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage<BookingRow>(user, { page, filtered: () => filtered(trx('amenityBookings as b').join('amenities as a', 'a.id', 'b.amenityId')) }, trx);
}

/** A new booking: every rule checked; confirmed at once unless the amenity requires approval. */
export async function createBooking(trx: Knex, actor: User, amenityId: number, input: BookingCreateInput) {
  const amenity = await lockAmenity(trx, amenityId);
  const booker = await bookerFor(trx, actor, amenity, input.userId);
  const fields = { startTime: input.startTime, endTime: input.endTime, attendees: input.attendees, ...booker };
  await checkRules(trx, amenity, fields, { administrator: managesBookings(actor) });
  await checkCapacity(trx, amenity, input.startTime, input.endTime, input.attendees);
  const status = needsApproval(actor, amenity) ? 'pending' : 'confirmed';
  const booking = await mapOverlap(trx, () =>
    AmenityBooking.query(trx).insertAndFetch({
      amenityId: amenity.id,
      ...fields,
      status,
      purpose: input.purpose,
      notes: input.notes,
      totalCost: bookingCost(amenity.hourlyRate, input.startTime, input.endTime),
      deposit: amenity.deposit,
      exclusive: amenity.exclusive,
      blocksUntil: new Date(input.endTime.getTime() + amenity.bufferMinutes * 60_000),
      decidedAt: status === 'confirmed' ? new Date() : null,
    }),
  );
  if (status === 'confirmed') await chargeBooking(trx, actor, booking, amenity);
  await recordEvent(trx, ...bookingEvents('booking.created', actor.id, booking, amenity));
  return getBooking(trx, booking.id);
}
