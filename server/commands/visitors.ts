import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { LIVE_VISITOR_STATUSES } from '../../shared/enums';
import type { EventType } from '../../shared/events';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  ANONYMISED_NAME,
  DEFAULT_RETENTION_DAYS,
  VisitorSettingsSchema,
  WALK_IN_TIMEOUT_MS,
  type DeskVerdict,
  type RefusalReason,
  type VisitorBlockCreateInput,
  type VisitorCreateInput,
  type VisitorEventPayload,
  type VisitorListQuery,
  type VisitorPatchInput,
  type VisitorSettings,
  type VisitorSummary,
  type WalkInInput,
} from '../../shared/schemas/visitors';
import { dayEnd, dayOf, dayStart, zonedParts } from '../../shared/time';
import { db, PREPARE } from '../db';
import { claimVersion } from '../db/versioned';
import { conflict, forbidden, notFound, validationError } from '../errors';
import { recordEvent, type EventInput } from '../events/outbox';
import type { User } from '../models';
import { unitPeopleIds } from '../policies/billing';
import { actsForUnit, unitActorIds } from '../policies/residency';
import { findReadableProperty } from '../policies/properties';
import { staffIds } from '../policies/staff';
import { readablePropertyIds as findReadablePropertyIds } from '../policies/tenancy';
import {
  authorizeDesk,
  hostUnitIds,
  hostsVisitor,
  visitorRows,
  whereVisitorReadable,
  type VisitorRow,
} from '../policies/visitors';
import { presentVisitor, visitorPayload } from '../presenters/visitor';
import { whereAnyContains } from '../db/search';
import { rememberedPage } from '../services/listTotals';

// ---------------------------------------------------------------------------------------------
// Codes, tokens, validity

/** An access code: 8 characters of the alphabet without look-alikes, by a CSPRNG. */
export const newAccessCode = () => Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');
/** A pass link token: 144 random bits. */
export const newPassToken = () => randomBytes(18).toString('base64url');

/** A code no live pass has (the partial unique index is the final word). */
async function uniqueAccessCode(trx: Knex) {
  for (;;) {
    const code = newAccessCode();
    if (!(await trx('visitors').where({ accessCode: code }).whereIn('status', LIVE_VISITOR_STATUSES).first('id'))) return code;
  }
}

/** When a pass is valid: a one-time pass the day of its arrival (or until its departure), a recurring one until the end of `until`. */
export function validityOf(input: { expectedArrival: Date; expectedDeparture: Date | null; recurrence: { until: string; weekdays: number[] } | null }) {
  if (input.recurrence) {
    return { passKind: 'recurring' as const, validFrom: input.expectedArrival, validTo: dayEnd(input.recurrence.until), weekdays: input.recurrence.weekdays, maxUses: null };
  }
  const endOfDay = dayEnd(dayOf(input.expectedArrival));
  const validTo = input.expectedDeparture && input.expectedDeparture > endOfDay ? input.expectedDeparture : endOfDay;
  return { passKind: 'one-time' as const, validFrom: input.expectedArrival, validTo, weekdays: null, maxUses: 1 };
}

/**
 * Why the desk must refuse the pass now, or null when it may come in (Santo Domingo days): a
 * cancelled (saying so when its host left the unit), denied or expired pass; one whose days
 * have not come or are past; a recurring pass on another weekday; a one-time pass already
 * used; a name on the unit's do-not-admit list.
 */
export function refusalOf(
  row: Pick<VisitorRow, 'status' | 'validFrom' | 'validTo' | 'weekdays' | 'maxUses' | 'uses' | 'inside'> & { cancelCause?: VisitorRow['cancelCause'] },
  blocked: boolean,
  now = new Date(),
): RefusalReason | null {
  if (row.status === 'cancelled' || row.status === 'denied') return row.cancelCause ?? 'cancelled';
  if (blocked) return 'do_not_admit';
  if (row.inside || row.status === 'checked-in') return null;
  if (row.status === 'pending') return 'not_today';
  if (row.status === 'checked-out' || (row.maxUses !== null && row.uses >= row.maxUses)) return 'already_used';
  if (row.status === 'expired' || (row.validTo && now > new Date(row.validTo))) return 'expired';
  const today = dayOf(now);
  if (row.validFrom && today < dayOf(new Date(row.validFrom))) return 'not_today';
  if (row.weekdays && !row.weekdays.includes(zonedParts(now).weekday)) return 'not_today';
  return null;
}

/** Whether the visitor's name is on the do-not-admit list of the pass's unit (accents and case ignored). */
async function isBlocked(trx: Knex, row: Pick<VisitorRow, 'unitId' | 'name'>) {
  if (!row.unitId) return false;
  const found = await trx('visitor_blocks')
    .where({ unitId: row.unitId })
    .whereRaw('public.vecindad_fold(name) = public.vecindad_fold(?)', [row.name])
    .first('id');
  return Boolean(found);
}

// ---------------------------------------------------------------------------------------------
// Events

/**
 * A change of a pass, told live to who follows it: the organization's administrators, the
 * people who act for its unit now (policies/residency.ts: the host is told on check-in, asked
 * on a walk-in; a host who left the unit hears nothing more of it), and, for what the desk
 * shows, the property's security staff in their own rooms.
 */
async function recordVisitorEvent(trx: Knex, type: EventType, row: VisitorRow, actor: User | null, extra: Partial<VisitorEventPayload> = {}) {
  const base = {
    type,
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    actorId: actor?.id ?? null,
    subject: { type: 'visitor', id: row.id },
    payload: visitorPayload(row, extra),
  };
  const hosts: number[] = row.unitId ? (await unitActorIds(row.unitId, trx)).map((r: { id: number }) => r.id) : [];
  const desk: number[] = (await staffIds(row.propertyId, 'security', trx)).map((r: { id: number }) => r.id);
  const people = new Set<number>([...hosts, ...desk]);
  const administrators = new Set<number>(await trx('users').whereIn('id', [...people]).where({ role: 'Administrador' }).pluck('id'));
  const events: EventInput[] = [{ ...base, audience: 'administrators' }];
  for (const userId of people) if (!administrators.has(userId)) events.push({ ...base, audience: 'user', userId });
  await recordEvent(trx, ...events);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The passes a day's lists count: live ones and the visits that ended (not the cancelled, denied or expired). */
const SHOWN_TODAY = [...LIVE_VISITOR_STATUSES, 'checked-out'];

/** Passes valid some time on `day` (Santo Domingo), on their weekdays. */
function validOn(query: Knex.QueryBuilder, trx: Knex, day: string) {
  const weekday = zonedParts(dayStart(day)).weekday;
  return query
    .where('visitors.valid_from', '<=', dayEnd(day))
    .where('visitors.valid_to', '>=', dayStart(day))
    .where((q) => q.whereNull('visitors.weekdays').orWhereRaw('? = any(visitors.weekdays)', [weekday]));
}

function filteredVisitors(user: User, filters: Partial<VisitorListQuery>, trx: Knex, now = new Date()) {
  const query = whereVisitorReadable(trx('visitors').join('properties', 'properties.id', 'visitors.property_id'), user, trx);
  if (filters.propertyId) query.where('visitors.property_id', filters.propertyId);
  if (filters.status) query.where('visitors.status', filters.status);
  if (filters.visitType) query.where('visitors.visit_type', filters.visitType);
  if (filters.from) query.where('visitors.valid_to', '>=', dayStart(filters.from));
  if (filters.to) query.where('visitors.valid_from', '<=', dayEnd(filters.to));
  if (filters.tab === 'today') validOn(query, trx, dayOf(now)).whereIn('visitors.status', SHOWN_TODAY);
  if (filters.tab === 'upcoming') query.whereIn('visitors.status', LIVE_VISITOR_STATUSES).where('visitors.valid_to', '>=', now);
  if (filters.tab === 'completed') query.whereNotIn('visitors.status', LIVE_VISITOR_STATUSES);
  if (filters.q) whereAnyContains(query, trx, ['visitors.name', 'visitors.vehicle_plate', 'visitors.phone', 'visitors.email'], filters.q);
  return query;
}

/** Which of these units (ids) the user hosts, to tell which passes are theirs. */
async function hostedUnits(user: User, unitIds: number[], trx: Knex) {
  if ((user.role !== 'Propietario' && user.role !== 'Residente') || !unitIds.length) return new Set<number>();
  return new Set<number>((await hostUnitIds(user, trx).whereIn('unit_id', unitIds)).map((r: { id: number }) => r.id));
}

export async function presentRows(user: User, rows: VisitorRow[], trx: Knex = db()) {
  const units = await hostedUnits(user, [...new Set(rows.flatMap((row) => (row.unitId === null ? [] : [row.unitId])))], trx);
  return rows.map((row) => presentVisitor(row, user, row.unitId !== null && units.has(row.unitId)));
}

/** One page of the passes the user may read, and the total: upcoming soonest first, else newest first. */
export async function listVisitors(user: User, filters: VisitorListQuery, trx: Knex = db()) {
  const ids = filteredVisitors(user, filters, trx).select('visitors.id');
  const page = visitorRows(trx).whereIn('visitors.id', ids);
  if (filters.tab === 'upcoming' || filters.tab === 'today') page.orderBy([{ column: 'visitors.valid_from', order: 'asc' }, { column: 'visitors.id', order: 'asc' }]);
  else page.orderBy([{ column: 'visitors.valid_from', order: 'desc' }, { column: 'visitors.id', order: 'desc' }]);
  page.offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage<VisitorRow>(user, { page, filtered: () => filteredVisitors(user, filters, trx) }, trx);
}

/** Today's passes, the upcoming ones (after today), this week's (the next 7 days) and who is inside now. */
export async function summarizeVisitors(user: User, propertyId: number | undefined, trx: Knex = db(), now = new Date()): Promise<VisitorSummary> {
  const today = dayOf(now);
  const weekEnd = dayOf(new Date(now.getTime() + 6 * 86_400_000));
  const base = () => filteredVisitors(user, { propertyId }, trx, now);
  const count = async (query: Knex.QueryBuilder) => Number((await query.count('* as count').first())?.count ?? 0);
  const [todayCount, upcoming, thisWeek, insideNow] = await Promise.all([
    count(validOn(base(), trx, today).whereIn('visitors.status', SHOWN_TODAY)),
    count(base().whereIn('visitors.status', LIVE_VISITOR_STATUSES).where('visitors.valid_from', '>', dayEnd(today))),
    count(base().whereIn('visitors.status', SHOWN_TODAY).where('visitors.valid_from', '<=', dayEnd(weekEnd)).where('visitors.valid_to', '>=', dayStart(today))),
    count(base().whereExists(trx('visits').whereRaw('visits.visitor_id = visitors.id').whereNull('visits.checked_out_at'))),
  ]);
  return { today: todayCount, upcoming, thisWeek, insideNow };
}

/** The desk's lists of a property: expected today (not yet inside), inside now, walk-ins waiting. */
export async function deskToday(user: User, propertyId: number, trx: Knex = db(), now = new Date()) {
  await authorizeDesk(user, propertyId, trx);
  const rows = (await validOn(visitorRows(trx).where('visitors.property_id', propertyId), trx, dayOf(now))
    .whereIn('visitors.status', LIVE_VISITOR_STATUSES)
    .orderBy('visitors.valid_from')
    .limit(500)
    .options(PREPARE)) as VisitorRow[];
  const inside = (await visitorRows(trx)
    .where('visitors.property_id', propertyId)
    .whereExists(trx('visits').whereRaw('visits.visitor_id = visitors.id').whereNull('visits.checked_out_at'))
    .orderBy('visitors.check_in_time', 'desc')
    .limit(500)
    .options(PREPARE)) as VisitorRow[];
  const present = (list: VisitorRow[]) => list.map((row) => presentVisitor(row, user, false));
  return {
    expected: present(rows.filter((row) => row.status === 'scheduled' && !row.inside)),
    pending: present(rows.filter((row) => row.status === 'pending')),
    inside: present(inside),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

const reload = async (trx: Knex, id: number) => (await visitorRows(trx).where('visitors.id', id).first()) as VisitorRow;

/** The unit of a pass: of the property, and (for hosts) one of theirs. */
async function checkUnit(trx: Knex, actor: User, propertyId: number, unitId: number) {
  const unit = await trx('units').where({ id: unitId, propertyId }).first('id');
  if (!unit) throw validationError({ unitId: messageText('visitor_unit_required') });
  if (isAdministrator(actor)) return;
  if (!(await actsForUnit(actor.id, unitId, trx))) throw forbidden(messageText('visitor_unit_invalid'));
}

/** Who hosts a pass of a unit: the actor when they live there or own it, else its primary resident, its owner, the actor. */
async function hostOf(trx: Knex, actor: User, unitId: number) {
  if (!isAdministrator(actor)) return actor.id;
  const resident = await trx('residents')
    .join('users', 'users.id', 'residents.user_id')
    .where({ 'residents.unit_id': unitId, 'users.is_active': true })
    .whereNot('residents.status', 'inactive')
    .orderBy([{ column: 'residents.is_primary', order: 'desc' }, { column: 'residents.id' }])
    .first('residents.user_id as id');
  if (resident) return resident.id as number;
  const unit = await trx('units').where({ id: unitId }).first('ownerId');
  return (unit?.ownerId as number | null) ?? actor.id;
}

/** A new pass for a unit: one-time (its day) or recurring (dates and weekdays), with its code and link. */
export async function createVisitor(trx: Knex, actor: User, input: VisitorCreateInput, now = new Date()): Promise<VisitorRow> {
  if (actor.role === 'Suplidor') throw forbidden();
  const property = await findReadableProperty(actor, input.propertyId, trx);
  await checkUnit(trx, actor, property.id, input.unitId);
  const validity = validityOf(input);
  if (validity.validTo < now) throw validationError({ expectedArrival: messageText('visitor_arrival_past') });
  const [{ id }] = await trx('visitors').insert(
    {
      hostId: await hostOf(trx, actor, input.unitId),
      propertyId: property.id,
      unitId: input.unitId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      purpose: input.purpose,
      visitType: input.visitType,
      expectedArrival: input.expectedArrival,
      expectedDeparture: input.expectedDeparture,
      ...validity,
      vehiclePlate: input.vehiclePlate,
      notes: input.notes,
      accessCode: await uniqueAccessCode(trx),
      passToken: newPassToken(),
      createdById: actor.id,
      status: 'scheduled',
    },
    ['id'],
  );
  const row = await reload(trx, id);
  await recordVisitorEvent(trx, 'visitor.created', row, actor);
  return row;
}

/**
 * An edit of a scheduled pass, its cancellation, or a new link: the old link stops working and
 * the code changes with it (the revoked page showed the old one).
 */
export async function changeVisitor(trx: Knex, actor: User, row: VisitorRow, input: VisitorPatchInput, now = new Date()): Promise<VisitorRow> {
  if (!isAdministrator(actor) && !(await hostsVisitor(actor, row, trx))) throw forbidden();
  const { version, status, cancelledReason, revokeLink, recurrence, ...fields } = input;
  if (status === 'cancelled') {
    if ((row.status !== 'scheduled' && row.status !== 'pending') || row.inside) throw conflict(messageText('visitor_closed'), 'visitor_closed');
    await claimVersion(trx, 'visitors', row.id, version);
    await trx('visitors').where({ id: row.id }).update({ status: 'cancelled', cancelledAt: now, cancelledReason: cancelledReason ?? null, updatedAt: now });
    const updated = await reload(trx, row.id);
    await recordVisitorEvent(trx, 'visitor.cancelled', updated, actor);
    return updated;
  }
  if (row.status !== 'scheduled' || row.anonymizedAt) throw conflict(messageText('visitor_closed'), 'visitor_closed');
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) change[key] = value;
  const timing = input.expectedArrival !== undefined || input.expectedDeparture !== undefined || recurrence !== undefined;
  if (timing) {
    const validity = validityOf({
      expectedArrival: input.expectedArrival ?? new Date(row.expectedArrival ?? row.validFrom ?? now),
      expectedDeparture: input.expectedDeparture !== undefined ? input.expectedDeparture : row.expectedDeparture,
      recurrence: recurrence !== undefined ? recurrence : row.passKind === 'recurring' && row.weekdays && row.validTo ? { until: dayOf(new Date(row.validTo)), weekdays: row.weekdays } : null,
    });
    if (validity.validTo < now) throw validationError({ expectedArrival: messageText('visitor_arrival_past') });
    Object.assign(change, validity);
  }
  if (revokeLink) Object.assign(change, { passToken: newPassToken(), accessCode: await uniqueAccessCode(trx) });
  if (!Object.keys(change).length) return row;
  await claimVersion(trx, 'visitors', row.id, version);
  await trx('visitors').where({ id: row.id }).update({ ...change, updatedAt: now });
  const updated = await reload(trx, row.id);
  await recordVisitorEvent(trx, 'visitor.updated', updated, actor);
  return updated;
}

/**
 * The live passes a person hosted at a unit they no longer act for (a residence ended or moved
 * elsewhere, an ownership passed: commands/departures.ts), cancelled with their events: the
 * desk refuses them saying the host left the unit. A visitor inside stays inside until the
 * desk checks them out.
 */
export async function cancelPassesOfFormerHost(trx: Knex, actor: User, hostId: number, unitId: number, now = new Date()) {
  const cancelled: Array<{ id: number }> = await trx('visitors')
    .where({ hostId, unitId })
    .whereIn('status', LIVE_VISITOR_STATUSES)
    .update(
      { status: 'cancelled', cancelCause: 'host_left', cancelledReason: messageText('visitor_refused_host_left'), cancelledAt: now, version: trx.raw('version + 1'), updatedAt: now },
      ['id'],
    );
  for (const { id } of cancelled) await recordVisitorEvent(trx, 'visitor.cancelled', await reload(trx, id), actor);
  return cancelled.length;
}

/**
 * The desk's verdict on a typed or scanned code (or a scanned pass link) at a property: valid
 * with who the visitor is, or refused with why. A code of another property is unknown here.
 */
export async function lookup(trx: Knex, actor: User, propertyId: number, key: { code?: string; token?: string }, now = new Date()): Promise<DeskVerdict> {
  await authorizeDesk(actor, propertyId, trx);
  // The six-table join plans in about 1 ms and runs in 0.1: prepared (server/db), it is planned once.
  const query = visitorRows(trx).where('visitors.property_id', propertyId).options(PREPARE);
  if (key.token) query.where('visitors.pass_token', key.token);
  else query.where('visitors.access_code', key.code ?? '');
  // A code may return once its old pass is closed: the live pass first, else the newest.
  const row = (await query.orderByRaw('case when visitors.status in (?) then 0 else 1 end, visitors.id desc', [[...LIVE_VISITOR_STATUSES]]).first()) as VisitorRow | undefined;
  if (!row || row.anonymizedAt) return { valid: false, reason: 'unknown' };
  const reason = refusalOf(row, await isBlocked(trx, row), now);
  const visitor = presentVisitor(row, actor, false);
  return reason ? { valid: false, reason, visitor } : { valid: true, visitor };
}

/**
 * A pass the desk user works on (their property), locked; else 404/403. Locked first, then
 * read by a statement of its own: read under the lock's wait, its entries (`inside`) would be
 * those of before a check-in or check-out that committed meanwhile, and five simultaneous
 * check-outs would all close the visit.
 */
export async function findDeskVisitor(trx: Knex, actor: User, id: number) {
  const locked = await trx('visitors').where({ id }).forUpdate().first('id');
  const row = locked ? ((await visitorRows(trx).where('visitors.id', id).first()) as VisitorRow) : undefined;
  if (!row) throw notFound(messageText('visitor_not_found'));
  if (!isAdministrator(actor) && actor.role !== 'Suplidor') {
    // A host reads their pass but never works the desk.
    if (await findReadable(actor, id, trx)) throw forbidden(messageText('visitor_desk_forbidden'));
    throw notFound(messageText('visitor_not_found'));
  }
  await authorizeDesk(actor, row.propertyId, trx).catch(() => {
    throw notFound(messageText('visitor_not_found'));
  });
  return row;
}

const findReadable = (actor: User, id: number, trx: Knex) =>
  whereVisitorReadable(trx('visitors').join('properties', 'properties.id', 'visitors.property_id'), actor, trx).where('visitors.id', id).first('visitors.id');

/** Lets the visitor in: one entry of the log, with who did it; the host is told live. */
export async function checkIn(trx: Knex, actor: User, row: VisitorRow, now = new Date()) {
  if (row.inside) throw conflict(messageText('visitor_already_inside'), 'already_inside');
  const reason = refusalOf(row, await isBlocked(trx, row), now);
  if (reason) throw conflict(messageText(`visitor_refused_${reason}`), reason);
  await claimVersion(trx, 'visitors', row.id);
  await trx('visits').insert({ visitorId: row.id, propertyId: row.propertyId, checkedInAt: now, checkedInById: actor.id });
  await trx('visitors')
    .where({ id: row.id })
    .update({ status: 'checked-in', uses: row.uses + 1, checkInTime: now, checkedInById: actor.id, checkOutTime: null, checkedOutById: null, updatedAt: now });
  const updated = await reload(trx, row.id);
  await recordVisitorEvent(trx, 'visitor.checked_in', updated, actor);
  return updated;
}

/**
 * The visitor leaves: the open entry closes; a recurring pass still valid waits for the next
 * entry; a pass cancelled while they were inside stays cancelled.
 */
export async function checkOut(trx: Knex, actor: User, row: VisitorRow, now = new Date()) {
  if (!row.inside) throw conflict(messageText('visitor_not_inside'), 'not_inside');
  await claimVersion(trx, 'visitors', row.id);
  await trx('visits').where({ visitorId: row.id }).whereNull('checkedOutAt').update({ checkedOutAt: now, checkedOutById: actor.id });
  const again = row.passKind === 'recurring' && row.validTo && now < new Date(row.validTo) && (row.maxUses === null || row.uses < row.maxUses);
  const status = row.status === 'cancelled' ? 'cancelled' : again ? 'scheduled' : 'checked-out';
  await trx('visitors').where({ id: row.id }).update({ status, checkOutTime: now, checkedOutById: actor.id, updatedAt: now });
  const updated = await reload(trx, row.id);
  await recordVisitorEvent(trx, 'visitor.checked_out', updated, actor);
  return updated;
}

/** A walk-in at the desk: a one-time pass waiting for the host's answer (3 minutes, then the desk calls). */
export async function registerWalkIn(trx: Knex, actor: User, input: WalkInInput, now = new Date()) {
  const property = await authorizeDesk(actor, input.propertyId, trx);
  const unit = await trx('units').where({ id: input.unitId, propertyId: property.id }).first('id');
  if (!unit) throw validationError({ unitId: messageText('visitor_unit_required') });
  const host = await trx('users')
    .whereIn('id', unitPeopleIds(unit.id, trx))
    .where({ isActive: true })
    .orderBy('id')
    .first('id');
  if (!host) throw conflict(messageText('visitor_no_host'), 'no_host');
  const [{ id }] = await trx('visitors').insert(
    {
      hostId: host.id,
      propertyId: property.id,
      unitId: unit.id,
      name: input.name,
      phone: input.phone,
      purpose: input.purpose,
      visitType: input.visitType,
      vehiclePlate: input.vehiclePlate,
      expectedArrival: now,
      passKind: 'one-time',
      validFrom: now,
      validTo: dayEnd(dayOf(now)),
      maxUses: 1,
      accessCode: await uniqueAccessCode(trx),
      passToken: null,
      walkIn: true,
      status: 'pending',
      decisionDueAt: new Date(now.getTime() + WALK_IN_TIMEOUT_MS),
      createdById: actor.id,
    },
    ['id'],
  );
  const row = await reload(trx, id);
  await recordVisitorEvent(trx, 'visitor.walk_in_requested', row, actor);
  return row;
}

/** The host's answer to a walk-in, while it still waits: allowed, the desk may let them in; denied, not. */
export async function decideWalkIn(trx: Knex, actor: User, row: VisitorRow, allow: boolean, now = new Date()) {
  if (!(await hostsVisitor(actor, row, trx)) && !isAdministrator(actor)) throw forbidden();
  if (row.status !== 'pending' || (row.decisionDueAt && now > new Date(row.decisionDueAt))) {
    throw conflict(messageText('visitor_not_pending'), 'not_pending');
  }
  await claimVersion(trx, 'visitors', row.id);
  await trx('visitors').where({ id: row.id }).update({ status: allow ? 'scheduled' : 'denied', decidedAt: now, decidedById: actor.id, updatedAt: now });
  const updated = await reload(trx, row.id);
  await recordVisitorEvent(trx, 'visitor.walk_in_decided', updated, actor, { allow });
  return updated;
}

/**
 * Closes what time closed (all, or only `visitorId`): walk-ins unanswered past their 3 minutes
 * (`visitor.walk_in_timed_out`: the desk calls the host) and passes past their validity that
 * nobody used up (`visitor.expired`). Idempotent: anything already closed is left alone.
 */
export async function expireVisitors(trx: Knex, options: { visitorId?: number; limit?: number } = {}) {
  const due = trx('visitors')
    .select('id')
    .where((q) =>
      q
        .where((w) => w.where('status', 'pending').where('decisionDueAt', '<=', trx.fn.now()))
        .orWhere((w) => w.where('status', 'scheduled').where('validTo', '<', trx.fn.now())),
    )
    .orderBy('id')
    .limit(options.limit ?? 500)
    .forUpdate();
  if (options.visitorId) due.where({ id: options.visitorId });
  else due.skipLocked();
  const rows = (await visitorRows(trx).whereIn('visitors.id', due)) as VisitorRow[];
  const closed: VisitorRow[] = [];
  for (const row of rows) {
    if (row.inside) continue;
    await trx('visitors').where({ id: row.id }).update({ status: 'expired', updatedAt: trx.fn.now() });
    const updated = await reload(trx, row.id);
    await recordVisitorEvent(trx, row.status === 'pending' ? 'visitor.walk_in_timed_out' : 'visitor.expired', updated, null);
    closed.push(updated);
  }
  return closed;
}

/** When a pass or walk-in is next due to close (by the database clock); null when nothing is due. */
export async function pendingExpiry(visitorId: number, trx: Knex = db()) {
  const row = await trx('visitors')
    .where({ id: visitorId })
    .whereIn('status', ['pending', 'scheduled'])
    .first(
      trx.raw("case when status = 'pending' then decision_due_at else valid_to end as due_at"),
      trx.raw("extract(epoch from ((case when status = 'pending' then decision_due_at else valid_to end) - now())) * 1000 as due_in_ms"),
    );
  return row?.dueAt ? { dueAt: new Date(row.dueAt), dueInMs: Math.max(0, Math.ceil(Number(row.dueInMs))) } : null;
}

// ---------------------------------------------------------------------------------------------
// Retention (Ley 172-13)

/** An organization's retention period: its settings, else 180 days. */
export async function visitorSettingsOf(organizationId: number, trx: Knex = db()): Promise<VisitorSettings> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw("settings -> 'visitors' as visitors"));
  const parsed = VisitorSettingsSchema.safeParse(row?.visitors ?? {});
  return parsed.success ? parsed.data : { retentionDays: DEFAULT_RETENTION_DAYS };
}

export async function updateVisitorSettings(trx: Knex, actor: User, input: VisitorSettings) {
  await trx('organizations')
    .where({ id: actor.organizationId })
    .update({ settings: trx.raw("jsonb_set(coalesce(settings, '{}'::jsonb), '{visitors}', ?::jsonb)", [JSON.stringify(input)]) });
  await recordEvent(trx, {
    type: 'visitor.settings_updated',
    organizationId: actor.organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'organization', id: actor.organizationId },
    payload: input,
  });
  return input;
}

/**
 * Anonymises the personal data (name, phone, email, plate, purpose, notes) of closed visits
 * older than their organization's retention period; the rows and the entry log stay, so the
 * counts do. One `visitors.anonymised` event per organization touched. Idempotent.
 */
export async function anonymiseVisitors(trx: Knex, options: { limit?: number } = {}) {
  const retention = trx.raw(
    `make_interval(days => coalesce(case when jsonb_typeof(organizations.settings -> 'visitors' -> 'retentionDays') = 'number'
      then (organizations.settings -> 'visitors' ->> 'retentionDays')::int end, ?))`,
    [DEFAULT_RETENTION_DAYS],
  );
  const due = trx('visitors')
    .join('properties', 'properties.id', 'visitors.property_id')
    .join('organizations', 'organizations.id', 'properties.organization_id')
    .select('visitors.id')
    .whereNull('visitors.anonymized_at')
    .whereNotIn('visitors.status', LIVE_VISITOR_STATUSES)
    .whereRaw('coalesce(visitors.check_out_time, visitors.valid_to, visitors.created_at) < now() - ?', [retention])
    .orderBy('visitors.id')
    .limit(options.limit ?? 1000)
    .forUpdate('visitors')
    .skipLocked();
  const done: Array<{ id: number; propertyId: number }> = await trx('visitors')
    .whereIn('id', due)
    .update(
      { name: ANONYMISED_NAME, email: null, phone: null, vehiclePlate: null, purpose: null, notes: null, cancelledReason: null, passToken: null, anonymizedAt: trx.fn.now() },
      ['id', 'propertyId'],
    );
  if (!done.length) return 0;
  const byOrganization: Array<{ organizationId: number; count: number }> = await trx('properties')
    .join('visitors', 'visitors.property_id', 'properties.id')
    .whereIn('visitors.id', done.map((row) => row.id))
    .groupBy('properties.organization_id')
    .select('properties.organization_id')
    .count('* as count');
  for (const { organizationId, count } of byOrganization) {
    await recordEvent(trx, { type: 'visitors.anonymised', organizationId, audience: 'administrators', payload: { count: Number(count) } });
  }
  return done.length;
}

// ---------------------------------------------------------------------------------------------
// Do not admit

const blockRows = (trx: Knex) =>
  trx('visitor_blocks')
    .join('units', 'units.id', 'visitor_blocks.unit_id')
    .join('properties', 'properties.id', 'visitor_blocks.property_id')
    .select('visitor_blocks.*', 'units.unitNumber', 'properties.organizationId');

/** The names the user may read on do-not-admit lists: administrators of their properties, hosts of their units, security staff of their desks. */
export function readableBlocks(user: User, propertyId: number | undefined, trx: Knex = db()) {
  const query = blockRows(trx).orderBy('visitor_blocks.id', 'desc');
  if (propertyId) query.where('visitor_blocks.property_id', propertyId);
  if (isAdministrator(user)) return query.whereIn('visitor_blocks.property_id', findReadablePropertyIds(user, trx));
  if (user.role === 'Suplidor') return query.whereIn('visitor_blocks.property_id', trx('property_staff').select('property_id').where({ userId: user.id, service: 'security' }));
  if (user.role === 'Propietario' || user.role === 'Residente') return query.whereIn('visitor_blocks.unit_id', hostUnitIds(user, trx));
  return query.whereRaw('false');
}

export async function addBlock(trx: Knex, actor: User, input: VisitorBlockCreateInput) {
  if (actor.role === 'Suplidor') throw forbidden();
  const property = await findReadableProperty(actor, input.propertyId, trx);
  await checkUnit(trx, actor, property.id, input.unitId);
  const [{ id }] = await trx('visitor_blocks').insert({ propertyId: property.id, unitId: input.unitId, name: input.name, reason: input.reason, createdById: actor.id }, ['id']);
  const row = await blockRows(trx).where('visitor_blocks.id', id).first();
  await recordEvent(trx, {
    type: 'visitor.blocked',
    organizationId: property.organizationId,
    propertyId: property.id,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'visitor_block', id },
    payload: { id, unitId: input.unitId },
  });
  return row;
}

export async function removeBlock(trx: Knex, actor: User, id: number) {
  const row = await readableBlocks(actor, undefined, trx).where('visitor_blocks.id', id).first();
  if (!row) throw notFound(messageText('visitor_block_not_found'));
  if (actor.role === 'Suplidor') throw forbidden();
  await trx('visitor_blocks').where({ id }).delete();
  await recordEvent(trx, {
    type: 'visitor.unblocked',
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'visitor_block', id },
    payload: { id, unitId: row.unitId },
  });
}
