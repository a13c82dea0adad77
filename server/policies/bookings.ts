import type { Knex } from 'knex';
import { messageText, type Language } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { AppError, conflict, forbidden, notFound, textsWith, validationError } from '../errors';
import type { Amenity, AmenityBooking, User } from '../models';
import { isLive, type BookingRow } from '../rows/bookings';
import { findReadableAmenity, propertyIdsWithReadableDetails } from './properties';
import { actsForUnit } from './residency';

/**
 * Who books, reads and changes which booking (docs/modules/bookings.md). Everyone who reads a
 * property knows its bookings (the calendar shows their times); administrators and the booker
 * read one whole. Administrators book for any resident, at short notice and without approval,
 * approve and decline, and change any booking; the booker changes theirs while they act for its
 * unit now (policies/residency.ts; a booking without a unit, while they read its property): a
 * resident who left the unit changes none of its bookings. Each refusal below is asked by the
 * commands (commands/bookings/).
 */

/** Administrators decide bookings: approve, decline, book for others, at short notice, without approval, cancel any. */
export const managesBookings = (user: User) => isAdministrator(user);

/** Administrators and the booker read a booking whole; others its times and status only. */
export const readsWholeBooking = (user: User, row: Pick<BookingRow, 'userId'>) => managesBookings(user) || row.userId === user.id;

/** The bookings of the properties whose amenities the user reads (a subquery of amenity ids). */
export const readableAmenityIds = (user: User, trx: Knex = db()) =>
  trx('amenities').select('id').whereIn('propertyId', propertyIdsWithReadableDetails(user, trx));

/** Restricts a query on `amenityBookings as b` joined with `amenities as a` to the bookings the user reads. */
export const whereBookingReadable = (query: Knex.QueryBuilder, user: User, trx: Knex = db()) =>
  query.whereIn('a.propertyId', propertyIdsWithReadableDetails(user, trx));

/** The id of a booking of a property whose amenities the user reads, or 404. */
export async function findReadableBookingId(user: User, id: number, trx: Knex = db()): Promise<number> {
  const booking = await trx('amenityBookings').where({ id }).whereIn('amenityId', readableAmenityIds(user, trx)).first('id');
  if (!booking) throw notFound(messageText('booking_not_found'));
  return booking.id;
}

/** An amenity the user reads (else 404) and may book (else 403: suppliers). */
export async function findBookableAmenity(user: User, id: number, trx: Knex = db()): Promise<Amenity> {
  const amenity = await findReadableAmenity(user, id, trx);
  if (!can(user, 'amenities.book')) throw forbidden();
  return amenity;
}

/**
 * Who books and for which unit: a resident for their unit of the amenity's property (an owner
 * for a unit they own, else none); an administrator for a resident named by `userId`, or
 * for themselves.
 */
export async function bookerFor(trx: Knex, actor: User, amenity: Amenity, userId?: number): Promise<{ userId: number; unitId: number | null }> {
  const manager = managesBookings(actor);
  const forUser = manager ? userId ?? actor.id : actor.id;
  if (!manager && userId && userId !== actor.id) throw forbidden();
  const resident = await trx('residents')
    .where({ userId: forUser, propertyId: amenity.propertyId })
    .whereNot({ status: 'inactive' })
    .orderBy([{ column: 'isPrimary', order: 'desc' }, { column: 'id' }])
    .first('unitId');
  if (resident) return { userId: forUser, unitId: resident.unitId ?? null };
  const owned = await trx('units').where({ propertyId: amenity.propertyId, ownerId: forUser }).orderBy('id').first('id');
  if (owned) return { userId: forUser, unitId: owned.id };
  const ownsProperty = await trx('properties').where({ id: amenity.propertyId, ownerId: forUser }).first('id');
  if (ownsProperty || (manager && forUser === actor.id)) return { userId: forUser, unitId: null };
  if (manager) throw validationError({ userId: messageText('booking_user_invalid') });
  throw forbidden(messageText('booking_not_resident'));
}

/** Whether a booking by this user waits for an administrator: the amenity asks for approval and they are not one. */
export const needsApproval = (user: User, amenity: Pick<Amenity, 'requiresApproval'>) => amenity.requiresApproval && !managesBookings(user);

/** Whether the user may change (cancel, reschedule) this booking of a property they read. */
export async function changesBooking(user: User, booking: Pick<AmenityBooking, 'userId' | 'unitId'>, trx: Knex = db()) {
  if (managesBookings(user)) return true;
  if (booking.userId !== user.id) return false;
  return booking.unitId === null || actsForUnit(user.id, booking.unitId, trx);
}

const invalidTransition = () => conflict(messageText('booking_transition_invalid'), 'booking_transition_invalid');

/** Why the user may not approve the booking: 403 but for administrators, 409 unless pending and not yet started. */
export function confirmRefusal(user: User, booking: AmenityBooking, now: Date): AppError | null {
  if (!managesBookings(user)) return forbidden();
  if (booking.status !== 'pending' || booking.startTime <= now) return invalidTransition();
  return null;
}

/** Whether the booker may still cancel: until `cancelHoursBefore` hours before the start. */
export const withinCancelWindow = (booking: AmenityBooking, amenity: Amenity, now: Date) =>
  now.getTime() <= booking.startTime.getTime() - amenity.cancelHoursBefore * 3_600_000;

const HOURS: Record<Language, [one: string, many: string]> = { es: ['hora', 'horas'], en: ['hour', 'hours'] };
/** The cancellation rule refused, with the amenity's hours in each language. */
function cancelWindowError(amenity: Amenity) {
  const hours = amenity.cancelHoursBefore;
  const texts = textsWith('booking_cancel_window', (lang) => ({ hours: `${hours} ${HOURS[lang][hours === 1 ? 0 : 1]}` }));
  return new AppError(409, 'booking_cancel_window', texts, { status: texts.es });
}

/**
 * Why the user (who changes the booking) may not cancel it: 409 once it is over or no longer
 * live; the booker, a confirmed booking past the amenity's cancellation window (409); null when
 * they may (administrators until its end).
 */
export function cancelRefusal(user: User, booking: AmenityBooking, amenity: Amenity, now: Date): AppError | null {
  if (!isLive(booking.status) || booking.endTime <= now) return invalidTransition();
  if (!managesBookings(user) && booking.status === 'confirmed' && !withinCancelWindow(booking, amenity, now)) return cancelWindowError(amenity);
  return null;
}

/** An administrator's cancellation of a pending booking declines it. */
export const cancelDeclines = (user: User, booking: AmenityBooking) => managesBookings(user) && booking.status === 'pending';

/** Why the booking may not be moved: 409 once it started or is no longer live. */
export function rescheduleRefusal(booking: AmenityBooking, now: Date): AppError | null {
  return !isLive(booking.status) || booking.startTime <= now ? invalidTransition() : null;
}
