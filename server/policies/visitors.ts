import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import type { VisitorAction } from '../../shared/schemas/visitors';
import { db } from '../db';
import { forbidden, notFound, validationError } from '../errors';
import type { User } from '../models';
import { blockRows, visitorRows, type VisitorRow } from '../rows/visitors';
import { findReadableProperty } from './properties';
import { actingUnitIds, actsForUnit } from './residency';
import { staffOf } from './staff';
import { readablePropertyIds } from './tenancy';

/**
 * Who reads and does what to which visitor passes (docs/modules/visitors.md): every decision of
 * the module, asked by its routes and commands and by the presenter's `actions` alike.
 * Administrators read every pass of the properties they reach; security staff (a Suplidor with
 * service `security`) the passes of the properties whose desk they work; owners and residents
 * those of the units they act for now (policies/residency.ts: a host who leaves the unit leaves
 * its passes). Only administrators and security staff work a property's desk.
 */

// Roles ---------------------------------------------------------------------------------------

/** Whether the user's role hosts visitors: owners and residents (of the units they act for). */
const hostRole = (user: User) => user.role === 'Propietario' || user.role === 'Residente';
/** Whether the user's role works desks: administrators (any property they reach) and suppliers (those whose security staff they are). */
const deskRole = (user: User) => isAdministrator(user) || user.role === 'Suplidor';
/** A supplier who is no administrator: the desk's guard, who never registers nor manages passes. */
const guard = (user: User) => user.role === 'Suplidor' && !isAdministrator(user);

// Reach ---------------------------------------------------------------------------------------

/** The units whose visitors a user hosts: those they act for now (policies/residency.ts). */
export const hostUnitIds = actingUnitIds;

/** The properties whose desk a supplier works (service `security`). */
export const deskPropertyIds = (user: Pick<User, 'id'>, trx: Knex = db()) =>
  trx('property_staff').select('property_id').where({ userId: user.id, service: 'security' });

/** Restricts a query on `visitors` (joined with `properties`) to the user's reach. */
export function whereVisitorReadable(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  if (isAdministrator(user)) return query.whereIn('visitors.property_id', readablePropertyIds(user, trx));
  if (user.role === 'Suplidor') {
    return query.whereIn('visitors.property_id', deskPropertyIds(user, trx)).where('properties.organization_id', user.organizationId);
  }
  if (hostRole(user)) {
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
  if (!row.unitId || !hostRole(user)) return false;
  return actsForUnit(user.id, row.unitId, trx);
}

/** Which of these units (ids) the user hosts, to tell which passes are theirs. */
export async function hostedUnits(user: User, unitIds: number[], trx: Knex = db()) {
  if (!hostRole(user) || !unitIds.length) return new Set<number>();
  return new Set<number>((await hostUnitIds(user, trx).whereIn('unit_id', unitIds)).map((r: { id: number }) => r.id));
}

// The desk ------------------------------------------------------------------------------------

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

/** The properties whose desk the user works (administrators: every property they reach); 403 for who works none. */
export function deskProperties(user: User, trx: Knex = db()) {
  const query = trx('properties').select('id', 'name').orderBy('name').limit(1000);
  if (isAdministrator(user)) return query.whereIn('id', readablePropertyIds(user, trx));
  if (user.role === 'Suplidor') return query.whereIn('id', deskPropertyIds(user, trx)).where({ organizationId: user.organizationId });
  throw forbidden(messageText('visitor_desk_forbidden'));
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
  if (!deskRole(actor)) {
    // A host reads their pass but never works the desk.
    if (await whereVisitorReadable(trx('visitors').join('properties', 'properties.id', 'visitors.property_id'), actor, trx).where('visitors.id', id).first('visitors.id')) throw forbidden(messageText('visitor_desk_forbidden'));
    throw notFound(messageText('visitor_not_found'));
  }
  await authorizeDesk(actor, row.propertyId, trx).catch(() => {
    throw notFound(messageText('visitor_not_found'));
  });
  return row;
}

// Passes --------------------------------------------------------------------------------------

/** Who may register passes at all (owners, residents, administrators); 403 for the others. */
export function authorizeRegister(user: User) {
  if (!can(user, 'visitors.register')) throw forbidden();
}

/**
 * The unit a pass or a do-not-admit name is for: of the property (else 400), and for hosts one
 * they act for (else 403); administrators any unit of a property they reach.
 */
export async function authorizePassUnit(trx: Knex, actor: User, propertyId: number, unitId: number) {
  const unit = await trx('units').where({ id: unitId, propertyId }).first('id');
  if (!unit) throw validationError({ unitId: messageText('visitor_unit_required') });
  if (isAdministrator(actor)) return;
  if (!(await actsForUnit(actor.id, unitId, trx))) throw forbidden(messageText('visitor_unit_invalid'));
}

/**
 * The units of a property a pass or walk-in may name: a host's own; every unit for
 * administrators and the property's security staff (the desk's walk-in form). A property out
 * of reach answers 404, a user who registers nothing 403.
 */
export async function nameableUnits(user: User, propertyId: number, trx: Knex = db()) {
  const property = guard(user) ? await authorizeDesk(user, propertyId, trx) : await findReadableProperty(user, propertyId, trx);
  if (!can(user, 'visitors.register') && user.role !== 'Suplidor') throw forbidden();
  const units = trx('units').where({ propertyId: property.id }).select('id', 'unitNumber').orderByRaw('length(unit_number), unit_number, id').limit(1000);
  if (!isAdministrator(user) && user.role !== 'Suplidor') units.whereIn('id', hostUnitIds(user, trx));
  return units;
}

/** Whether the user manages the pass (edits, cancels, shares it; reads its code and link): its host, administrators. */
export const managesVisitor = (user: User, hosts: boolean) => isAdministrator(user) || hosts;

/** A pass that may be edited (its fields or its link): scheduled, nobody inside, not anonymised. */
export const editable = (row: Pick<VisitorRow, 'status' | 'inside' | 'anonymizedAt'>) => row.status === 'scheduled' && !row.inside && !row.anonymizedAt;
/** A pass that may be cancelled: scheduled or waiting for its host, nobody inside. */
export const cancellable = (row: Pick<VisitorRow, 'status' | 'inside'>) => (row.status === 'scheduled' || row.status === 'pending') && !row.inside;
/** A pass that may be shared: scheduled, with a link. */
export const shareable = (row: Pick<VisitorRow, 'status' | 'passToken'>) => row.status === 'scheduled' && Boolean(row.passToken);
/** A walk-in still waiting for its host's answer at `now` (3 minutes). */
export const awaitsDecision = (row: Pick<VisitorRow, 'status' | 'decisionDueAt'>, now = new Date()) =>
  row.status === 'pending' && !(row.decisionDueAt && now > new Date(row.decisionDueAt));
/** A pass the desk may let in now by its state (the desk's refusals are commands/visitors/desk.ts's). */
export const admittable = (row: Pick<VisitorRow, 'status' | 'inside'>) => row.status === 'scheduled' && !row.inside;

export const canEditPass = (user: User, row: VisitorRow, hosts: boolean) => managesVisitor(user, hosts) && editable(row);
export const canCancelPass = (user: User, row: VisitorRow, hosts: boolean) => managesVisitor(user, hosts) && cancellable(row);
export const canSharePass = (user: User, row: VisitorRow, hosts: boolean) => managesVisitor(user, hosts) && shareable(row);
export const canCheckIn = (user: User, row: VisitorRow) => deskRole(user) && admittable(row);
export const canCheckOut = (user: User, row: VisitorRow) => deskRole(user) && row.inside;
/** The host, or an administrator (docs/modules/visitors.md, Walk-ins), while the walk-in waits. */
export const canDecideWalkIn = (user: User, row: VisitorRow, hosts: boolean, now = new Date()) => managesVisitor(user, hosts) && awaitsDecision(row, now);

/** What the user may do to the pass now: the presenter sends it and the screens show exactly these. */
export function allowedActions(user: User, row: VisitorRow, hosts: boolean): VisitorAction[] {
  const actions: Array<[VisitorAction, boolean]> = [
    ['edit', canEditPass(user, row, hosts)],
    ['cancel', canCancelPass(user, row, hosts)],
    ['share', canSharePass(user, row, hosts)],
    ['checkIn', canCheckIn(user, row)],
    ['checkOut', canCheckOut(user, row)],
    ['decide', canDecideWalkIn(user, row, hosts)],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}

// Do not admit, settings, export --------------------------------------------------------------

/** The names the user may read on do-not-admit lists: administrators of their properties, hosts of their units, security staff of their desks. */
export function readableBlocks(user: User, propertyId: number | undefined, trx: Knex = db()) {
  const query = blockRows(trx).orderBy('visitor_blocks.id', 'desc');
  if (propertyId) query.where('visitor_blocks.property_id', propertyId);
  if (isAdministrator(user)) return query.whereIn('visitor_blocks.property_id', readablePropertyIds(user, trx));
  if (user.role === 'Suplidor') return query.whereIn('visitor_blocks.property_id', deskPropertyIds(user, trx));
  if (hostRole(user)) return query.whereIn('visitor_blocks.unit_id', hostUnitIds(user, trx));
  return query.whereRaw('false');
}

/** Who manages do-not-admit names (hosts for their units, administrators): the desk only reads them; 403. */
export function authorizeBlocks(user: User) {
  if (user.role === 'Suplidor') throw forbidden();
}

/** Who reads and sets the retention period: who manages the organization's settings; 403. */
export function authorizeVisitorSettings(user: User) {
  if (!can(user, 'settings.manage')) throw forbidden();
}

/** Who exports the log as CSV: administrators; 403. */
export function authorizeVisitorExport(user: User) {
  if (!isAdministrator(user)) throw forbidden();
}
