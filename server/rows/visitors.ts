import type { Knex } from 'knex';
import type { PassKind, VisitType, VisitorStatus } from '../../shared/enums';
import { db } from '../db';

/**
 * The rows of the visitors module (docs/modules/visitors.md) and the joins that produce them:
 * the one home of their types for its policy, commands and presenter.
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
  visitType: VisitType;
  passKind: PassKind;
  status: VisitorStatus;
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

/** A name on a unit's "no admitir" list, with its unit's number and its organization. */
export type VisitorBlockRow = {
  id: number;
  propertyId: number;
  unitId: number;
  name: string;
  reason: string | null;
  createdById: number | null;
  createdAt: Date;
  unitNumber: string;
  organizationId: number;
};

/** Every pass with its joins (no reach applied: see policies/visitors.ts). */
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

/** One pass read afresh (after a change). */
export const visitorRow = async (trx: Knex, id: number) => (await visitorRows(trx).where('visitors.id', id).first()) as VisitorRow;

/** Every do-not-admit name with its joins (no reach applied). */
export const blockRows = (trx: Knex = db()): Knex.QueryBuilder =>
  trx('visitor_blocks')
    .join('units', 'units.id', 'visitor_blocks.unit_id')
    .join('properties', 'properties.id', 'visitor_blocks.property_id')
    .select('visitor_blocks.*', 'units.unitNumber', 'properties.organizationId');
