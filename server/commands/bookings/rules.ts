import type { Knex } from 'knex';
import { calendarRuleBroken } from '../../../shared/bookings';
import { messageText, type MessageKey } from '../../../shared/messages';
import { todayThere, zonedInstant, zonedParts } from '../../../shared/time';
import { pastDue } from '../../db/charges';
import { conflict, validationError } from '../../errors';
import { Amenity } from '../../models';
import { LIVE_BOOKING_STATUSES } from '../../rows/bookings';

/**
 * The rules of an amenity (docs/modules/bookings.md, "Booking"), checked in the transaction that
 * writes the booking; two live bookings of an exclusive amenity can never overlap (the
 * database's exclusion constraint decides, mapped to 409), and the attendees of overlapping
 * bookings of a shared amenity never exceed its capacity (counted under the amenity's row lock).
 */

const ruleError = (key: MessageKey, field = 'startTime', status = 400) =>
  status === 409 ? conflict(messageText(key), key, { [field]: messageText(key) }) : validationError({ [field]: messageText(key) }, messageText(key));

/** Live bookings of an amenity overlapping [from, to) with their buffers. */
export const overlapping = (trx: Knex, amenity: Amenity, from: Date, to: Date, exceptId?: number) => {
  const query = trx('amenityBookings')
    .where({ amenityId: amenity.id })
    .whereIn('status', LIVE_BOOKING_STATUSES)
    .where('startTime', '<', to)
    .where('blocksUntil', '>', from);
  if (exceptId) query.whereNot({ id: exceptId });
  return query;
};

export async function databaseNow(trx: Knex): Promise<Date> {
  const { rows } = await trx.raw('select now() as now');
  return new Date(rows[0].now);
}

/** The notice/advance rule a start breaks at `now`, if any. */
export function timeRuleBroken(amenity: Amenity, start: Date, now: Date): MessageKey | null {
  if (start <= now) return 'booking_in_past';
  if (start.getTime() < now.getTime() + amenity.minNoticeHours * 3_600_000) return 'booking_min_notice';
  if (start.getTime() > now.getTime() + amenity.maxAdvanceDays * 86_400_000) return 'booking_max_advance';
  return null;
}

/** Every rule but the overlap ones, for a new time of a booking (`exceptId`: the booking moved). */
export async function checkRules(
  trx: Knex,
  amenity: Amenity,
  booking: { startTime: Date; endTime: Date; attendees: number; unitId: number | null; userId: number },
  options: { exceptId?: number; administrator: boolean },
) {
  if (!amenity.isBookable) throw ruleError('booking_not_bookable', 'amenityId', 409);
  const calendar = calendarRuleBroken({ ...amenity, daysOpen: amenity.daysOpen.map(Number) }, booking.startTime, booking.endTime);
  if (calendar) throw ruleError(calendar);
  const timeRule = timeRuleBroken(amenity, booking.startTime, await databaseNow(trx));
  // Administrators may book for a resident at short notice, never in the past.
  if (timeRule && !(options.administrator && timeRule === 'booking_min_notice')) throw ruleError(timeRule);
  if (amenity.capacity && booking.attendees > amenity.capacity) throw ruleError('booking_capacity', 'attendees');
  if (amenity.maxPerUnitPerMonth) {
    const month = zonedParts(booking.startTime).day.slice(0, 7);
    const monthStart = zonedInstant(`${month}-01`, 0);
    const [y, m] = month.split('-').map(Number);
    const monthEnd = zonedInstant(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10), 0);
    const query = trx('amenityBookings')
      .where({ amenityId: amenity.id })
      .whereIn('status', ['pending', 'confirmed', 'completed'])
      .where('startTime', '>=', monthStart)
      .where('startTime', '<', monthEnd);
    if (booking.unitId) query.where({ unitId: booking.unitId });
    else query.where({ userId: booking.userId });
    if (options.exceptId) query.whereNot({ id: options.exceptId });
    const [{ count }] = await query.count({ count: '*' });
    if (Number(count) >= amenity.maxPerUnitPerMonth) throw ruleError('booking_monthly_limit', 'startTime', 409);
  }
  if (amenity.blockIfOverdue && booking.unitId) {
    const overdue = await trx('charges').where({ unitId: booking.unitId }).where(pastDue(todayThere())).first('id');
    if (overdue) throw ruleError('booking_overdue_blocked', 'startTime', 409);
  }
}

/** Shared amenities: the places left at that time, counted under the amenity's row lock. */
export async function checkCapacity(trx: Knex, amenity: Amenity, startTime: Date, endTime: Date, attendees: number, exceptId?: number) {
  if (amenity.exclusive || !amenity.capacity) return;
  const blocksUntil = new Date(endTime.getTime() + amenity.bufferMinutes * 60_000);
  const [{ taken }] = await overlapping(trx, amenity, startTime, blocksUntil, exceptId).sum({ taken: 'attendees' });
  if (Number(taken ?? 0) + attendees > amenity.capacity) throw ruleError('booking_capacity_full', 'startTime', 409);
}

/** The exclusion constraint's refusal is the 409 "ese horario ya está reservado". */
export async function mapOverlap<T>(trx: Knex, write: () => PromiseLike<T>): Promise<T> {
  await trx.raw('savepoint booking_write');
  try {
    const result = await write();
    await trx.raw('release savepoint booking_write');
    return result;
  } catch (error) {
    const native = ((error as { nativeError?: unknown }).nativeError ?? error) as { code?: string; constraint?: string };
    if (native.code === '23P01' && native.constraint === 'amenity_bookings_no_overlap') {
      await trx.raw('rollback to savepoint booking_write');
      throw conflict(messageText('booking_taken'), 'booking_taken', { startTime: messageText('booking_taken') });
    }
    throw error;
  }
}

/** The amenity, locked until the transaction ends: bookings of one amenity are decided one at a time. */
export const lockAmenity = (trx: Knex, id: number) => Amenity.query(trx).findById(id).forUpdate().throwIfNotFound();
