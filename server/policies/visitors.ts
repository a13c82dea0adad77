import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import type { VisitorAction } from '../../shared/schemas/visitors';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import type { User } from '../models';
import { findReadableProperty } from './properties';
import { actingUnitIds, actsForUnit } from './residency';
import { staffOf } from './staff';
import { readablePropertyIds } from './tenancy';

/**
 * Who reads and changes which visitor passes (docs/modules/visitors.md): administrators every pass
 * of the properties they reach; security staff (a Suplidor with service `security`) the passes
 * of the properties whose desk they work; owners and residents those of the units they act for
 * now (policies/residency.ts: a host who leaves the unit leaves its passes). Only
 * administrators and security staff work a property's desk.
 */

/** A pass joined with what its presenter and events need. */
export type VisitorRow = {
  id: number;
  hostId: number;
  propertyId: number;
  unitId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  purpose: string | null;
  visitType: 'guest' | 'service' | 'delivery';
  passKind: 'one-time' | 'recurring';
  status: 'scheduled' | 'pending' | 'checked-in' | 'checked-out' | 'cancelled' | 'denied' | 'expired';
  expectedArrival: Date | null;
  expectedDeparture: Date | null;
  validFrom: Date | null;
  validTo: Date | null;
  weekdays: number[] | null;
  maxUses: number | null;
  uses: number;
  vehiclePlate: string | null;
  notes: string | null;
  accessCode: string;
  passToken: string | null;
  checkInTime: Date | null;
  checkOutTime: Date | null;
  checkedInById: number | null;
  checkedOutById: number | null;
  cancelledAt: Date | null;
  cancelledReason: string | null;
  cancelCause: 'host_left' | null;
  createdById: number | null;
  walkIn: boolean;
  decisionDueAt: Date | null;
  decidedAt: Date | null;
  anonymizedAt: Date | null;
  version: number;
  createdAt: Date;
  organizationId: number;
  propertyName: string;
  unitNumber: string | null;
  hostName: string | null;
  hostLastName: string | null;
  checkedInByName: string | null;
  checkedOutByName: string | null;
  inside: boolean;
};

/** The units whose visitors a user hosts: those they act for now (policies/residency.ts). */
export const hostUnitIds = actingUnitIds;

/** The properties whose desk a supplier works (service `security`). */
export const deskPropertyIds = (user: Pick<User, 'id'>, trx: Knex = db()) =>
  trx('property_staff').select('property_id').where({ userId: user.id, service: 'security' });

/** Every pass with its joins (no reach applied: see readableVisitors). */
export function visitorRows(trx: Knex = db()): Knex.QueryBuilder {
  return trx('visitors')
    .join('properties', 'properties.id', 'visitors.property_id')
    .leftJoin('units', 'units.id', 'visitors.unit_id')
    .leftJoin('users as host', 'host.id', 'visitors.host_id')
    .leftJoin('users as checker_in', 'checker_in.id', 'visitors.checked_in_by_id')
    .leftJoin('users as checker_out', 'checker_out.id', 'visitors.checked_out_by_id')
    .select(
      'visitors.*',
      'properties.organizationId',
      'properties.name as propertyName',
      'units.unitNumber',
      'host.name as hostName',
      'host.lastName as hostLastName',
      trx.raw("concat_ws(' ', checker_in.name, checker_in.last_name) as checked_in_by_name"),
      trx.raw("concat_ws(' ', checker_out.name, checker_out.last_name) as checked_out_by_name"),
      trx.raw('exists (select 1 from visits where visits.visitor_id = visitors.id and visits.checked_out_at is null) as inside'),
    );
}

/** Restricts a query on `visitors` (joined with `properties`) to the user's reach. */
export function whereVisitorReadable(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  if (isAdministrator(user)) return query.whereIn('visitors.property_id', readablePropertyIds(user, trx));
  if (user.role === 'Suplidor') {
    return query.whereIn('visitors.property_id', deskPropertyIds(user, trx)).where('properties.organization_id', user.organizationId);
  }
  if (user.role === 'Propietario' || user.role === 'Residente') {
    return query
      .where('properties.organization_id', user.organizationId)
      .whereIn('visitors.unit_id', hostUnitIds(user, trx));
  }
  return query.whereRaw('false');
}

export const readableVisitors = (user: User, trx: Knex = db()) => whereVisitorReadable(visitorRows(trx), user, trx);

/** A pass the user may read (locked for the transaction when `lock`), or 404. */
export async function findReadableVisitor(user: User, id: number, trx: Knex = db(), lock = false): Promise<VisitorRow> {
  const query = readableVisitors(user, trx).where('visitors.id', id).first();
  if (lock) query.forUpdate('visitors');
  const row = (await query) as VisitorRow | undefined;
  if (!row) throw notFound(messageText('visitor_not_found'));
  return row;
}

/** Whether the user hosts the pass: they act for its unit now. */
export async function hostsVisitor(user: User, row: Pick<VisitorRow, 'unitId'>, trx: Knex = db()) {
  if (!row.unitId || (user.role !== 'Propietario' && user.role !== 'Residente')) return false;
  return actsForUnit(user.id, row.unitId, trx);
}

/**
 * The property whose desk the user works: administrators any property they reach (404 past
 * it), security staff their properties; anyone else 403. A supplier who is not on the
 * property's security staff gets 404 (the property is not theirs to know).
 */
export async function authorizeDesk(user: User, propertyId: number, trx: Knex = db()) {
  if (isAdministrator(user)) return findReadableProperty(user, propertyId, trx);
  if (user.role !== 'Suplidor') throw forbidden(messageText('visitor_desk_forbidden'));
  if (!(await staffOf(user, propertyId, 'security', trx))) throw notFound(messageText('property_not_found'));
  return findReadableProperty(user, propertyId, trx);
}

/** Whether the user works the desk of any property (the desk screen's menu entry). */
export async function worksADesk(user: User, trx: Knex = db()) {
  if (isAdministrator(user)) return true;
  if (user.role !== 'Suplidor') return false;
  return Boolean(await deskPropertyIds(user, trx).first());
}

/** What the user may do to the pass now: the presenter sends it and the screens show exactly these. */
export function allowedActions(user: User, row: VisitorRow, hosts: boolean): VisitorAction[] {
  const admin = isAdministrator(user);
  const desk = admin || user.role === 'Suplidor';
  const manages = admin || hosts;
  const actions: Array<[VisitorAction, boolean]> = [
    ['edit', manages && row.status === 'scheduled' && !row.inside && !row.anonymizedAt],
    ['cancel', manages && (row.status === 'scheduled' || row.status === 'pending') && !row.inside],
    ['share', manages && row.status === 'scheduled' && Boolean(row.passToken)],
    ['checkIn', desk && row.status === 'scheduled' && !row.inside],
    ['checkOut', desk && row.inside],
    ['decide', hosts && row.status === 'pending'],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}
