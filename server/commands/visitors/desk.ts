import type { Knex } from 'knex';
import { LIVE_VISITOR_STATUSES } from '../../../shared/enums';
import { messageText } from '../../../shared/messages';
import { WALK_IN_TIMEOUT_MS, type DeskVerdict, type RefusalReason, type WalkInInput } from '../../../shared/schemas/visitors';
import { dayEnd, dayOf } from '../../../shared/time';
import { db, PREPARE } from '../../db';
import { claimVersion } from '../../db/versioned';
import { conflict, forbidden, validationError } from '../../errors';
import type { User } from '../../models';
import { visitorRow, visitorRows, type VisitorRow } from '../../rows/visitors';
import { unitPeopleIds } from '../../policies/billing';
import { admittable, authorizeDesk, awaitsDecision, hostsVisitor, managesVisitor } from '../../policies/visitors';
import { presentVisitor } from '../../presenters/visitor';
import { isBlocked } from './blocks';
import { recordVisitorEvent } from './events';
import { uniqueAccessCode } from './passes';
import { onItsDays, validityOver, whereValidOn } from './validity';

/** The front desk: its lists, the verdict on a code, check-in and check-out, walk-ins and their hosts' answers. */

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
  if (row.status === 'expired' || validityOver(row, now)) return 'expired';
  if (!onItsDays(row, now)) return 'not_today';
  return null;
}

/** The desk's lists of a property: expected today (not yet inside), inside now, walk-ins waiting. */
export async function deskToday(user: User, propertyId: number, trx: Knex = db(), now = new Date()) {
  await authorizeDesk(user, propertyId, trx);
  const rows = (await whereValidOn(visitorRows(trx).where('visitors.property_id', propertyId), dayOf(now))
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
    expected: present(rows.filter(admittable)),
    pending: present(rows.filter((row) => row.status === 'pending')),
    inside: present(inside),
  };
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

/** Lets the visitor in (a pass of policies/visitors.ts's findDeskVisitor): one entry of the log, with who did it; the host is told live. */
export async function checkIn(trx: Knex, actor: User, row: VisitorRow, now = new Date()) {
  if (row.inside) throw conflict(messageText('visitor_already_inside'), 'already_inside');
  const reason = refusalOf(row, await isBlocked(trx, row), now);
  if (reason) throw conflict(messageText(`visitor_refused_${reason}`), reason);
  await claimVersion(trx, 'visitors', row.id);
  await trx('visits').insert({ visitorId: row.id, propertyId: row.propertyId, checkedInAt: now, checkedInById: actor.id });
  await trx('visitors')
    .where({ id: row.id })
    .update({ status: 'checked-in', uses: row.uses + 1, checkInTime: now, checkedInById: actor.id, checkOutTime: null, checkedOutById: null, updatedAt: now });
  const updated = await visitorRow(trx, row.id);
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
  const again = row.passKind === 'recurring' && row.validTo !== null && !validityOver(row, now) && (row.maxUses === null || row.uses < row.maxUses);
  const status = row.status === 'cancelled' ? 'cancelled' : again ? 'scheduled' : 'checked-out';
  await trx('visitors').where({ id: row.id }).update({ status, checkOutTime: now, checkedOutById: actor.id, updatedAt: now });
  const updated = await visitorRow(trx, row.id);
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
  const row = await visitorRow(trx, id);
  await recordVisitorEvent(trx, 'visitor.walk_in_requested', row, actor);
  return row;
}

/** The answer of the host (or an administrator) to a walk-in, while it still waits: allowed, the desk may let them in; denied, not. */
export async function decideWalkIn(trx: Knex, actor: User, row: VisitorRow, allow: boolean, now = new Date()) {
  if (!managesVisitor(actor, await hostsVisitor(actor, row, trx))) throw forbidden();
  if (!awaitsDecision(row, now)) throw conflict(messageText('visitor_not_pending'), 'not_pending');
  await claimVersion(trx, 'visitors', row.id);
  await trx('visitors').where({ id: row.id }).update({ status: allow ? 'scheduled' : 'denied', decidedAt: now, decidedById: actor.id, updatedAt: now });
  const updated = await visitorRow(trx, row.id);
  await recordVisitorEvent(trx, 'visitor.walk_in_decided', updated, actor, { allow });
  return updated;
}
