import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import { Amenity, AmenityBooking } from '../../models';
import { LIVE_BOOKING_STATUSES } from '../../rows/bookings';
import { bookingEvents, bookingPayload } from './events';

/**
 * The worker's steps of a booking (docs/modules/bookings.md: a reminder a day before, the
 * cancellation of one still pending at its start, completion at its end), idempotent: each only
 * moves rows still in the state it expects.
 */

/** Confirmed bookings whose end passed become completed. */
export async function completeBookings(trx: Knex, options: { bookingId?: number; limit?: number } = {}) {
  const ids = trx('amenityBookings').select('id').where({ status: 'confirmed' }).where('endTime', '<=', trx.fn.now()).orderBy('id').forUpdate().skipLocked();
  if (options.bookingId) ids.where({ id: options.bookingId });
  if (options.limit) ids.limit(options.limit);
  const done: AmenityBooking[] = await AmenityBooking.query(trx).patch({ status: 'completed' }).whereIn('id', ids).returning('*') as never;
  for (const booking of done) {
    const amenity = await Amenity.query(trx).findById(booking.amenityId).throwIfNotFound();
    await recordEvent(trx, ...bookingEvents('booking.completed', null, booking, amenity));
  }
  return done;
}

/** Pending bookings not approved before their start are cancelled with a reason. */
export async function cancelUnapproved(trx: Knex, options: { bookingId?: number; limit?: number } = {}) {
  const ids = trx('amenityBookings').select('id').where({ status: 'pending' }).where('startTime', '<=', trx.fn.now()).orderBy('id').forUpdate().skipLocked();
  if (options.bookingId) ids.where({ id: options.bookingId });
  if (options.limit) ids.limit(options.limit);
  const reason = messageText('booking_auto_cancelled');
  const cancelled: AmenityBooking[] = await AmenityBooking.query(trx).patch({ status: 'cancelled', cancelReason: reason }).whereIn('id', ids).returning('*') as never;
  for (const booking of cancelled) {
    const amenity = await Amenity.query(trx).findById(booking.amenityId).throwIfNotFound();
    await recordEvent(trx, ...bookingEvents('booking.cancelled', null, booking, amenity, { reason, declined: false, automatic: true }));
  }
  return cancelled;
}

/** Live bookings starting within a day get one reminder (reminded_at marks it sent). */
export async function remindBookings(trx: Knex, options: { bookingId?: number; limit?: number } = {}) {
  const ids = trx('amenityBookings')
    .select('id')
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .whereNull('remindedAt')
    .where('startTime', '>', trx.fn.now())
    .where('startTime', '<=', trx.raw(`now() + interval '1 day'`))
    // A booking made within the last day before its start needs no reminder.
    .whereRaw(`created_at <= start_time - interval '1 day'`)
    .orderBy('id')
    .forUpdate()
    .skipLocked();
  if (options.bookingId) ids.where({ id: options.bookingId });
  if (options.limit) ids.limit(options.limit);
  const reminded: AmenityBooking[] = await AmenityBooking.query(trx).patch({ remindedAt: trx.fn.now() as never }).whereIn('id', ids).returning('*') as never;
  for (const booking of reminded) {
    const amenity = await Amenity.query(trx).findById(booking.amenityId).throwIfNotFound();
    await recordEvent(trx, {
      type: 'booking.reminder',
      organizationId: amenity.organizationId,
      propertyId: amenity.propertyId,
      audience: 'user',
      userId: booking.userId,
      subject: { type: 'booking', id: booking.id },
      payload: bookingPayload(booking, amenity),
    });
  }
  return reminded;
}

/**
 * The next moment a booking's job has something to do: its reminder a day before the start
 * (now if that passed), its start while pending (auto-cancel), its end while confirmed
 * (completion); none once cancelled or completed.
 */
export async function nextBookingStep(bookingId: number, trx: Knex = db()) {
  const { rows } = await trx.raw(
    `with b as (
       select case
         when status in ('pending', 'confirmed') and reminded_at is null and start_time > now()
              and created_at <= start_time - interval '1 day' then greatest(start_time - interval '1 day', now())
         when status = 'pending' then start_time
         when status = 'confirmed' then end_time
       end as at
       from amenity_bookings where id = ?
     )
     select at, extract(epoch from (at - now())) * 1000 as in_ms from b`,
    [bookingId],
  );
  const row = rows[0];
  return row?.at ? { at: new Date(row.at), inMs: Math.max(0, Math.ceil(Number(row.in_ms))) } : null;
}
