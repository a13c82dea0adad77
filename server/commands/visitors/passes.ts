import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../../../shared/access-codes';
import { LIVE_VISITOR_STATUSES } from '../../../shared/enums';
import { messageText } from '../../../shared/messages';
import { isAdministrator } from '../../../shared/permissions';
import {
  type VisitorCreateInput,
  type VisitorListQuery,
  type VisitorPatchInput,
  type VisitorSummary,
} from '../../../shared/schemas/visitors';
import { dayEnd, dayOf } from '../../../shared/time';
import { db } from '../../db';
import { whereAnyContains } from '../../db/search';
import { claimVersion } from '../../db/versioned';
import { conflict, forbidden, validationError } from '../../errors';
import type { User } from '../../models';
import { visitorRow, visitorRows, type VisitorRow } from '../../rows/visitors';
import { findReadableProperty } from '../../policies/properties';
import {
  authorizePassUnit,
  authorizeRegister,
  cancellable,
  editable,
  hostedUnits,
  hostsVisitor,
  managesVisitor,
  whereVisitorReadable,
} from '../../policies/visitors';
import { presentVisitor } from '../../presenters/visitor';
import { rememberedPage } from '../../services/listTotals';
import { recordVisitorEvent } from './events';
import { validityOf, validityOver, whereValidBetween, whereValidityNotOver, whereValidOn } from './validity';

/** Passes: their codes and links, registering, editing and cancelling them, and the log hosts and administrators read. */

// Codes and links -----------------------------------------------------------------------------

/** An access code: 8 characters of the alphabet without look-alikes, by a CSPRNG. */
export const newAccessCode = () => Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');
/** A pass link token: 144 random bits. */
export const newPassToken = () => randomBytes(18).toString('base64url');

/** A code no live pass has (the partial unique index is the final word). */
export async function uniqueAccessCode(trx: Knex) {
  for (;;) {
    const code = newAccessCode();
    if (!(await trx('visitors').where({ accessCode: code }).whereIn('status', LIVE_VISITOR_STATUSES).first('id'))) return code;
  }
}

// Reading -------------------------------------------------------------------------------------

/** The passes a day's lists count: live ones and the visits that ended (not the cancelled, denied or expired). */
const SHOWN_TODAY = [...LIVE_VISITOR_STATUSES, 'checked-out'];

/** The passes the user reads that match `filters`, on `base` (visitors joined with their property: by default, nothing else). */
function filteredVisitors(user: User, filters: Partial<VisitorListQuery>, trx: Knex, now = new Date(), base = trx('visitors').join('properties', 'properties.id', 'visitors.property_id')) {
  const query = whereVisitorReadable(base, user, trx);
  if (filters.propertyId) query.where('visitors.property_id', filters.propertyId);
  if (filters.status) query.where('visitors.status', filters.status);
  if (filters.visitType) query.where('visitors.visit_type', filters.visitType);
  whereValidBetween(query, filters.from, filters.to);
  if (filters.tab === 'today') whereValidOn(query, dayOf(now)).whereIn('visitors.status', SHOWN_TODAY);
  if (filters.tab === 'upcoming') whereValidityNotOver(query.whereIn('visitors.status', LIVE_VISITOR_STATUSES), now);
  if (filters.tab === 'completed') query.whereNotIn('visitors.status', LIVE_VISITOR_STATUSES);
  if (filters.q) whereAnyContains(query, trx, ['visitors.name', 'visitors.vehicle_plate', 'visitors.phone', 'visitors.email'], filters.q);
  return query;
}

export async function presentRows(user: User, rows: VisitorRow[], trx: Knex = db()) {
  const units = await hostedUnits(user, [...new Set(rows.flatMap((row) => (row.unitId === null ? [] : [row.unitId])))], trx);
  return rows.map((row) => presentVisitor(row, user, row.unitId !== null && units.has(row.unitId)));
}

/** One page of the passes the user may read, and the total: upcoming soonest first, else newest first. */
export async function listVisitors(user: User, filters: VisitorListQuery, trx: Knex = db()) {
  // The filters on the page's own query, not as a list of ids it must be in: a prepared
  // statement's generic plan read every pass to join that list (157 ms at 100,000 passes).
  const page = filteredVisitors(user, filters, trx, new Date(), visitorRows(trx));
  if (filters.tab === 'upcoming' || filters.tab === 'today') page.orderBy([{ column: 'visitors.valid_from', order: 'asc' }, { column: 'visitors.id', order: 'asc' }]);
  else page.orderBy([{ column: 'visitors.valid_from', order: 'desc' }, { column: 'visitors.id', order: 'desc' }]);
  page.offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage<VisitorRow>(user, { page, filtered: () => filteredVisitors(user, filters, trx) }, trx);
}

/** Today's passes, the upcoming ones (after today), this week's (the next 7 days) and who is inside now. */
export async function summarizeVisitors(user: User, propertyId: number | undefined, trx: Knex = db(), now = new Date()): Promise<VisitorSummary> {
  if (propertyId) await findReadableProperty(user, propertyId, trx);
  const today = dayOf(now);
  const weekEnd = dayOf(new Date(now.getTime() + 6 * 86_400_000));
  const base = () => filteredVisitors(user, { propertyId }, trx, now);
  const count = async (query: Knex.QueryBuilder) => Number((await query.count('* as count').first())?.count ?? 0);
  const [todayCount, upcoming, thisWeek, insideNow] = await Promise.all([
    count(whereValidOn(base(), today).whereIn('visitors.status', SHOWN_TODAY)),
    count(base().whereIn('visitors.status', LIVE_VISITOR_STATUSES).where('visitors.valid_from', '>', dayEnd(today))),
    count(whereValidBetween(base().whereIn('visitors.status', SHOWN_TODAY), today, weekEnd)),
    count(base().whereExists(trx('visits').whereRaw('visits.visitor_id = visitors.id').whereNull('visits.checked_out_at'))),
  ]);
  return { today: todayCount, upcoming, thisWeek, insideNow };
}

// Writing -------------------------------------------------------------------------------------

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
  authorizeRegister(actor);
  const property = await findReadableProperty(actor, input.propertyId, trx);
  await authorizePassUnit(trx, actor, property.id, input.unitId);
  const validity = validityOf(input);
  if (validityOver(validity, now)) throw validationError({ expectedArrival: messageText('visitor_arrival_past') });
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
  const row = await visitorRow(trx, id);
  await recordVisitorEvent(trx, 'visitor.created', row, actor);
  return row;
}

/**
 * An edit of a scheduled pass, its cancellation, or a new link: the old link stops working and
 * the code changes with it (the revoked page showed the old one).
 */
export async function changeVisitor(trx: Knex, actor: User, row: VisitorRow, input: VisitorPatchInput, now = new Date()): Promise<VisitorRow> {
  if (!managesVisitor(actor, await hostsVisitor(actor, row, trx))) throw forbidden();
  const { version, status, cancelledReason, revokeLink, recurrence, ...fields } = input;
  if (status === 'cancelled') {
    if (!cancellable(row)) throw conflict(messageText('visitor_closed'), 'visitor_closed');
    await claimVersion(trx, 'visitors', row.id, version);
    await trx('visitors').where({ id: row.id }).update({ status: 'cancelled', cancelledAt: now, cancelledReason: cancelledReason ?? null, updatedAt: now });
    const updated = await visitorRow(trx, row.id);
    await recordVisitorEvent(trx, 'visitor.cancelled', updated, actor);
    return updated;
  }
  if (!editable(row)) throw conflict(messageText('visitor_closed'), 'visitor_closed');
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) change[key] = value;
  const timing = input.expectedArrival !== undefined || input.expectedDeparture !== undefined || recurrence !== undefined;
  if (timing) {
    const validity = validityOf({
      expectedArrival: input.expectedArrival ?? new Date(row.expectedArrival ?? row.validFrom ?? now),
      expectedDeparture: input.expectedDeparture !== undefined ? input.expectedDeparture : row.expectedDeparture,
      recurrence: recurrence !== undefined ? recurrence : row.passKind === 'recurring' && row.weekdays && row.validTo ? { until: dayOf(new Date(row.validTo)), weekdays: row.weekdays } : null,
    });
    if (validityOver(validity, now)) throw validationError({ expectedArrival: messageText('visitor_arrival_past') });
    Object.assign(change, validity);
  }
  if (revokeLink) Object.assign(change, { passToken: newPassToken(), accessCode: await uniqueAccessCode(trx) });
  if (!Object.keys(change).length) return row;
  await claimVersion(trx, 'visitors', row.id, version);
  await trx('visitors').where({ id: row.id }).update({ ...change, updatedAt: now });
  const updated = await visitorRow(trx, row.id);
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
  for (const { id } of cancelled) await recordVisitorEvent(trx, 'visitor.cancelled', await visitorRow(trx, id), actor);
  return cancelled.length;
}
