import type { Knex } from 'knex';
import { bookingCost, calendarRuleBroken, daySlots } from '../../shared/bookings';
import { nextDay, todayThere, zonedInstant, zonedParts } from '../../shared/time';
import type { EventType } from '../../shared/events';
import { messageText, type Language, type MessageKey } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import type { BookingCreateInput, BookingListQuery, BookingPatchInput } from '../../shared/schemas/bookings';
import { db } from '../db';
import { AppError, conflict, forbidden, textsWith, validationError } from '../errors';
import { recordEvent } from '../events/outbox';
import { Amenity, AmenityBooking, Property, Unit, type User } from '../models';
import { changesBooking } from '../policies/bookings';
import { propertyIdsWithReadableDetails } from '../policies/properties';
import { PROPERTY_COLUMNS } from '../models/rows/properties';
import { createCharge, creditCharge } from './charges';
import { rememberedPage } from '../services/listTotals';
import { pastDue } from '../db/charges';

/**
 * Amenity bookings (docs/modules/bookings.md). Every rule is checked here, in the transaction that
 * writes the booking; two live bookings of an exclusive amenity can never overlap (the
 * database's exclusion constraint decides, mapped to 409), and the attendees of overlapping
 * bookings of a shared amenity never exceed its capacity (counted under the amenity's row lock).
 */

const LIVE = ['pending', 'confirmed'] as const;
const ruleError = (key: MessageKey, field = 'startTime', status = 400) =>
  status === 409 ? conflict(messageText(key), key, { [field]: messageText(key) }) : validationError({ [field]: messageText(key) }, messageText(key));

/** A booking row with what its presenter shows. */
export function bookingRows(trx: Knex = db()) {
  return trx('amenityBookings as b')
    .join('amenities as a', 'a.id', 'b.amenityId')
    .leftJoin('users as u', 'u.id', 'b.userId')
    .leftJoin('units as un', 'un.id', 'b.unitId')
    .select('b.*', 'a.name as amenityName', 'a.propertyId', 'a.organizationId', 'u.name as userName', 'u.lastName as userLastName', 'un.unitNumber');
}
export type BookingRow = AmenityBooking & {
  amenityName: string;
  propertyId: number;
  organizationId: number;
  userName: string | null;
  userLastName: string | null;
  unitNumber: string | null;
};

export const getBooking = async (trx: Knex, id: number): Promise<BookingRow> => bookingRows(trx).where('b.id', id).first();

/** Bookings of the amenities the user reads, filtered; `mine`: only the caller's. */
export async function listBookings(user: User, filters: BookingListQuery, trx: Knex = db()) {
  const query = trx('amenityBookings as b')
    .join('amenities as a', 'a.id', 'b.amenityId')
    .whereIn('a.propertyId', propertyIdsWithReadableDetails(user, trx));
  if (filters.propertyId) query.where('a.propertyId', filters.propertyId);
  if (filters.amenityId) query.where('b.amenityId', filters.amenityId);
  if (filters.status) query.where('b.status', filters.status);
  if (filters.mine) query.where('b.userId', user.id);
  if (filters.from) query.where('b.endTime', '>', filters.from);
  if (filters.to) query.where('b.startTime', '<', filters.to);
  const page = bookingRows(trx)
    .whereIn('b.id', query.clone().select('b.id'))
    .orderBy([{ column: 'b.startTime' }, { column: 'b.id' }])
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage<BookingRow>(user, { page, filtered: () => query }, trx);
}

/** Live bookings of an amenity overlapping [from, to) with their buffers. */
const overlapping = (trx: Knex, amenity: Amenity, from: Date, to: Date, exceptId?: number) => {
  const query = trx('amenityBookings')
    .where({ amenityId: amenity.id })
    .whereIn('status', LIVE)
    .where('startTime', '<', to)
    .where('blocksUntil', '>', from);
  if (exceptId) query.whereNot({ id: exceptId });
  return query;
};

/**
 * Free and taken slots of an amenity between two instants, day by day in the organization's
 * time zone. `free`: another booking fits (exclusive: none overlaps with the buffers; shared:
 * places left); `remaining`: places left (exclusive: 1 or 0); `bookable`: the time rules
 * (notice, advance, past) allow booking it now.
 */
export async function availability(amenity: Amenity, from: Date, to: Date, trx: Knex = db()) {
  const now = await databaseNow(trx);
  const rules = { ...amenity, daysOpen: amenity.daysOpen.map(Number) };
  const slots: Array<{ start: Date; end: Date }> = [];
  for (let day = zonedParts(from).day; zonedInstant(day, 0) < to; day = nextDay(day)) {
    for (const slot of daySlots(rules, day)) if (slot.end > from && slot.start < to) slots.push(slot);
  }
  if (!slots.length) return [];
  const buffer = amenity.bufferMinutes * 60_000;
  // Instants as epoch milliseconds: a month of a busy amenity is hundreds of bookings, and
  // parsing their timestamps into Dates cost more than the pass below.
  const bookings: Array<{ startMs: number; blocksUntilMs: number; attendees: number }> = await overlapping(
    trx,
    amenity,
    slots[0].start,
    new Date(slots[slots.length - 1].end.getTime() + buffer),
  )
    .select(trx.raw('extract(epoch from start_time)::float8 * 1000 as start_ms, extract(epoch from blocks_until)::float8 * 1000 as blocks_until_ms'), 'attendees')
    .orderBy('startTime');
  // Slots share their bounds (one's end is the next one's start): each is written out once,
  // as a string, since JSON.stringify turns a Date into text several times slower.
  const written = new Map<number, string>();
  const text = (instant: Date) => {
    const ms = instant.getTime();
    let iso = written.get(ms);
    if (iso === undefined) written.set(ms, (iso = instant.toISOString()));
    return iso;
  };
  // One pass over the slots (in order) and the bookings (by start): `hits` holds the bookings
  // begun before the slot's end (plus the buffer) that still block its start. One that stops
  // blocking before a slot never reaches a later one.
  let next = 0;
  let hits: typeof bookings = [];
  return slots.map(({ start, end }) => {
    const blockEnd = end.getTime() + buffer;
    while (next < bookings.length && bookings[next].startMs < blockEnd) hits.push(bookings[next++]);
    hits = hits.filter((b) => b.blocksUntilMs > start.getTime());
    const remaining = amenity.exclusive || !amenity.capacity ? (hits.length ? 0 : amenity.exclusive ? 1 : null) : Math.max(0, amenity.capacity - hits.reduce((sum, b) => sum + b.attendees, 0));
    return { start: text(start), end: text(end), free: remaining === null || remaining > 0, remaining, bookable: !timeRuleBroken(amenity, start, now) };
  });
}

async function databaseNow(trx: Knex): Promise<Date> {
  const { rows } = await trx.raw('select now() as now');
  return new Date(rows[0].now);
}

/** The notice/advance rule a start breaks at `now`, if any. */
function timeRuleBroken(amenity: Amenity, start: Date, now: Date): MessageKey | null {
  if (start <= now) return 'booking_in_past';
  if (start.getTime() < now.getTime() + amenity.minNoticeHours * 3_600_000) return 'booking_min_notice';
  if (start.getTime() > now.getTime() + amenity.maxAdvanceDays * 86_400_000) return 'booking_max_advance';
  return null;
}

/**
 * Who books and for which unit: a resident for their unit of the amenity's property (an owner
 * for a unit they own, else none); an administrator for a resident named by `userId`, or
 * for themselves.
 */
async function bookerOf(trx: Knex, actor: User, amenity: Amenity, userId?: number): Promise<{ userId: number; unitId: number | null }> {
  const forUser = isAdministrator(actor) ? userId ?? actor.id : actor.id;
  if (!isAdministrator(actor) && userId && userId !== actor.id) throw forbidden();
  const resident = await trx('residents')
    .where({ userId: forUser, propertyId: amenity.propertyId })
    .whereNot({ status: 'inactive' })
    .orderBy([{ column: 'isPrimary', order: 'desc' }, { column: 'id' }])
    .first('unitId');
  if (resident) return { userId: forUser, unitId: resident.unitId ?? null };
  const owned = await trx('units').where({ propertyId: amenity.propertyId, ownerId: forUser }).orderBy('id').first('id');
  if (owned) return { userId: forUser, unitId: owned.id };
  const ownsProperty = await trx('properties').where({ id: amenity.propertyId, ownerId: forUser }).first('id');
  if (ownsProperty || (isAdministrator(actor) && forUser === actor.id)) return { userId: forUser, unitId: null };
  if (isAdministrator(actor)) throw validationError({ userId: messageText('booking_user_invalid') });
  throw forbidden(messageText('booking_not_resident'));
}

/** Every rule but the overlap ones, for a new time of a booking (`exceptId`: the booking moved). */
async function checkRules(
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
async function checkCapacity(trx: Knex, amenity: Amenity, startTime: Date, endTime: Date, attendees: number, exceptId?: number) {
  if (amenity.exclusive || !amenity.capacity) return;
  const blocksUntil = new Date(endTime.getTime() + amenity.bufferMinutes * 60_000);
  const [{ taken }] = await overlapping(trx, amenity, startTime, blocksUntil, exceptId).sum({ taken: 'attendees' });
  if (Number(taken ?? 0) + attendees > amenity.capacity) throw ruleError('booking_capacity_full', 'startTime', 409);
}

/** The exclusion constraint's refusal is the 409 "ese horario ya está reservado". */
async function mapOverlap<T>(trx: Knex, write: () => PromiseLike<T>): Promise<T> {
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

const bookingPayload = (booking: AmenityBooking, amenity: Amenity, extra: Record<string, unknown> = {}) => ({
  id: booking.id,
  amenityId: amenity.id,
  amenityName: amenity.name,
  startTime: booking.startTime,
  endTime: booking.endTime,
  status: booking.status,
  ...extra,
});

/**
 * The calendar's event (every open calendar of the property updates: times only, no one's
 * name) and, for the booker, the same with what concerns them (approval, decline, reminder).
 */
export function bookingEvents(type: EventType, actorId: number | null, booking: AmenityBooking, amenity: Amenity, extra: Record<string, unknown> = {}) {
  const base = { organizationId: amenity.organizationId, propertyId: amenity.propertyId, actorId, subject: { type: 'booking', id: booking.id } };
  return [
    { ...base, type, audience: 'property' as const, payload: bookingPayload(booking, amenity) },
    { ...base, type, audience: 'user' as const, userId: booking.userId, payload: bookingPayload(booking, amenity, extra) },
  ];
}

/** The billing module switch (as middleware/features.ts reads it), inside the transaction. */
async function billingOn(trx: Knex, organizationId: number) {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw(`settings -> 'features' -> 'billing' = 'false'::jsonb as off`));
  return row?.off !== true;
}

/**
 * Charges of a confirmed booking on its unit (billing on): its cost (`fees`) and its deposit
 * (`deposit`), due on the booking's day. None without a unit or an amount.
 */
async function chargeBooking(trx: Knex, actor: User, booking: AmenityBooking, amenity: Amenity) {
  if (!booking.unitId || (!booking.totalCost && !booking.deposit)) return;
  if (!(await billingOn(trx, amenity.organizationId))) return;
  const unit = await Unit.query(trx).findById(booking.unitId).throwIfNotFound();
  const property = await Property.query(trx).select(PROPERTY_COLUMNS).findById(amenity.propertyId).throwIfNotFound();
  const day = zonedParts(booking.startTime).day;
  const changes: Partial<AmenityBooking> = {};
  const when = `${day} ${zonedParts(booking.startTime).time}`;
  if (booking.totalCost && !booking.chargeId) {
    const charge = await createCharge(trx, actor, { unit, property }, { type: 'fees', amount: booking.totalCost, dueDate: day, description: `Reserva ${amenity.name} ${when}` } as never);
    changes.chargeId = charge.id;
  }
  if (booking.deposit && !booking.depositChargeId) {
    const charge = await createCharge(trx, actor, { unit, property }, { type: 'deposit', amount: booking.deposit, dueDate: day, description: `Depósito reserva ${amenity.name} ${when}` } as never);
    changes.depositChargeId = charge.id;
  }
  if (Object.keys(changes).length) await AmenityBooking.query(trx).patch(changes).where({ id: booking.id });
}

/**
 * Voids a booking's charge with a credit note (billing's correction, `creditCharge`): what is
 * left of it is forgiven with the reason, so the unit no longer owes it and its statement stays
 * balanced. What was already paid of it stays paid: the ledger never undoes a payment's
 * allocation, so it cannot become credit; giving that money back is a refund of the payment,
 * the administrator's decision.
 */
const voidCharge = (trx: Knex, actor: User, chargeId: number, reason: string) => creditCharge(trx, actor, chargeId, reason, { event: 'charge.credited' });

/** Voids the charges of a booking cancelled within its window (or moved back to approval). */
async function voidBookingCharges(trx: Knex, actor: User, booking: AmenityBooking, reason: string) {
  for (const chargeId of [booking.chargeId, booking.depositChargeId]) if (chargeId) await voidCharge(trx, actor, chargeId, reason);
  await AmenityBooking.query(trx).patch({ chargeId: null, depositChargeId: null }).where({ id: booking.id });
}

/** The credit note's reason for a booking cancelled or declined (`Reserva cancelada: <motivo>`). */
const cancelledReason = (reason: string | null | undefined) => `Reserva cancelada: ${reason ?? ''}`.trim();
const RESCHEDULED_REASON = 'Reserva reprogramada';

/** A new booking: every rule checked; confirmed at once unless the amenity requires approval. */
export async function createBooking(trx: Knex, actor: User, amenityId: number, input: BookingCreateInput) {
  const amenity = await lockAmenity(trx, amenityId);
  const booker = await bookerOf(trx, actor, amenity, input.userId);
  const fields = { startTime: input.startTime, endTime: input.endTime, attendees: input.attendees, ...booker };
  await checkRules(trx, amenity, fields, { administrator: isAdministrator(actor) });
  await checkCapacity(trx, amenity, input.startTime, input.endTime, input.attendees);
  const status = amenity.requiresApproval && !isAdministrator(actor) ? 'pending' : 'confirmed';
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

/** Whether the booker may still cancel: until `cancelHoursBefore` hours before the start. */
const withinCancelWindow = (booking: AmenityBooking, amenity: Amenity, now: Date) =>
  now.getTime() <= booking.startTime.getTime() - amenity.cancelHoursBefore * 3_600_000;

const HOURS: Record<Language, [one: string, many: string]> = { es: ['hora', 'horas'], en: ['hour', 'hours'] };
/** The cancellation rule refused, with the amenity's hours in each language. */
function cancelWindowError(amenity: Amenity) {
  const hours = amenity.cancelHoursBefore;
  const texts = textsWith('booking_cancel_window', (lang) => ({ hours: `${hours} ${HOURS[lang][hours === 1 ? 0 : 1]}` }));
  return new AppError(409, 'booking_cancel_window', texts, { status: texts.es });
}

/**
 * Cancels a live booking: its charges are voided when it is cancelled inside its cancellation
 * window, or declined (pending); the booker and every open calendar are told.
 */
async function cancelBooking(trx: Knex, actor: User, booking: AmenityBooking, amenity: Amenity, reason: string | null | undefined, { declined, now }: { declined: boolean; now: Date }) {
  const updated = await AmenityBooking.query(trx).patchAndFetchById(booking.id, { status: 'cancelled', cancelReason: reason, decidedAt: declined ? now : booking.decidedAt });
  if (declined || withinCancelWindow(booking, amenity, now)) await voidBookingCharges(trx, actor, booking, cancelledReason(reason));
  await recordEvent(trx, ...bookingEvents('booking.cancelled', actor.id, updated, amenity, { reason, declined }));
}

/**
 * Approve/decline (administrators, pending only), cancel (the booker within the window, an
 * administrator any time before the end) or reschedule (to another free time, same rules).
 */
export async function changeBooking(trx: Knex, actor: User, bookingId: number, input: BookingPatchInput) {
  const current = await AmenityBooking.query(trx).findById(bookingId).throwIfNotFound();
  const amenity = await lockAmenity(trx, current.amenityId);
  const booking = await AmenityBooking.query(trx).findById(bookingId).forUpdate().throwIfNotFound();
  const administrator = isAdministrator(actor);
  if (!(await changesBooking(actor, booking, trx))) throw forbidden();
  const now = await databaseNow(trx);
  const invalid = () => conflict(messageText('booking_transition_invalid'), 'booking_transition_invalid');

  if ('status' in input && input.status === 'confirmed') {
    if (!administrator) throw forbidden();
    if (booking.status !== 'pending' || booking.startTime <= now) throw invalid();
    const updated = await AmenityBooking.query(trx).patchAndFetchById(booking.id, { status: 'confirmed', decidedAt: now });
    await chargeBooking(trx, actor, updated, amenity);
    await recordEvent(trx, ...bookingEvents('booking.confirmed', actor.id, updated, amenity));
  } else if ('status' in input) {
    if (!LIVE.includes(booking.status as (typeof LIVE)[number]) || booking.endTime <= now) throw invalid();
    if (!administrator && booking.status === 'confirmed' && !withinCancelWindow(booking, amenity, now)) throw cancelWindowError(amenity);
    await cancelBooking(trx, actor, booking, amenity, input.reason, { declined: administrator && booking.status === 'pending', now });
  } else {
    if (!LIVE.includes(booking.status as (typeof LIVE)[number]) || booking.startTime <= now) throw invalid();
    const fields = { startTime: input.startTime, endTime: input.endTime, attendees: booking.attendees, unitId: booking.unitId, userId: booking.userId };
    await checkRules(trx, amenity, fields, { exceptId: booking.id, administrator });
    await checkCapacity(trx, amenity, input.startTime, input.endTime, booking.attendees, booking.id);
    const totalCost = bookingCost(amenity.hourlyRate, input.startTime, input.endTime);
    // A new time needs approval again where the amenity asks for it (unless an administrator moves it).
    const approvalAgain = amenity.requiresApproval && !administrator && booking.status === 'confirmed';
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

/**
 * The live bookings a person made for a unit they no longer act for (commands/departures.ts),
 * cancelled as an administrator (`actor`) cancels them: charges voided inside the cancellation
 * window, kept after it; the booker is told why.
 */
export async function cancelBookingsOfFormerBooker(trx: Knex, actor: User, userId: number, unitId: number) {
  const ids: number[] = await trx('amenityBookings').where({ userId, unitId }).whereIn('status', LIVE).where('endTime', '>', trx.fn.now()).orderBy('id').pluck('id');
  const reason = messageText('booking_cancelled_resident_left');
  for (const id of ids) {
    const current = await AmenityBooking.query(trx).findById(id).throwIfNotFound();
    // The amenity first, then the booking: the order every change of a booking takes.
    const amenity = await lockAmenity(trx, current.amenityId);
    const booking = await AmenityBooking.query(trx).findById(id).forUpdate().throwIfNotFound();
    if (!LIVE.includes(booking.status as (typeof LIVE)[number])) continue;
    await cancelBooking(trx, actor, booking, amenity, reason, { declined: false, now: await databaseNow(trx) });
  }
  return ids.length;
}

// ---- Worker steps (idempotent: each only moves rows still in the state it expects) ----

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
    .whereIn('status', LIVE)
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
