import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import type { PackageAction } from '../../shared/schemas/packages';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import type { User } from '../models';
import { packageRow, packageRows, petRows, vehicleRows, type PackageRow, type PetRow, type VehicleRow } from '../rows/packages';
import { actingUnitIds, actsForUnit } from './residency';
import { readablePropertyIds } from './tenancy';
import { authorizeDesk, deskPropertyIds } from './visitors';

/**
 * Who reads and does what to packages, vehicles and pets (docs/modules/packages.md): every
 * decision of the module, asked by its routes, commands and presenters alike.
 *
 * - Administrators: every row of the properties they reach.
 * - Security staff (a Suplidor with service `security`): the packages and vehicles of the
 *   properties whose desk they work; never pets, never a pickup code.
 * - Owners and residents: the rows of the units they act for now (policies/residency.ts, the
 *   one predicate of reads, writes, actions and live rooms); they manage their vehicles and pets.
 * - Anyone else, and every other tenant: nothing (404).
 *
 * The pickup code of a package goes only to who acts for its unit, while it waits.
 */

const unitRole = (user: User) => user.role === 'Propietario' || user.role === 'Residente';
/** Who works desks: administrators (any property they reach) and suppliers (those whose security staff they are). */
export const deskRole = (user: User) => isAdministrator(user) || user.role === 'Suplidor';

type Table = 'packages' | 'vehicles' | 'pets';

/** Restricts a query on `table` (joined with `properties`) to what the user reads. */
export function whereDeskReadable(query: Knex.QueryBuilder, table: Table, user: User, trx: Knex = db()): Knex.QueryBuilder {
  if (isAdministrator(user)) return query.whereIn(`${table}.property_id`, readablePropertyIds(user, trx));
  if (user.role === 'Suplidor' && table !== 'pets') {
    return query.whereIn(`${table}.property_id`, deskPropertyIds(user, trx)).where('properties.organization_id', user.organizationId);
  }
  if (unitRole(user)) return query.where('properties.organization_id', user.organizationId).whereIn(`${table}.unit_id`, actingUnitIds(user, trx));
  return query.whereRaw('false');
}

/** Which of these units the user acts for now (whose pickup codes they read, whose vehicles and pets they manage). */
export async function unitsActedFor(user: User, unitIds: number[], trx: Knex = db()) {
  if (!unitIds.length) return new Set<number>();
  const ids: Array<{ id: number }> = await actingUnitIds(user, trx).whereIn('unit_id', [...new Set(unitIds)]);
  return new Set(ids.map((row) => row.id));
}

// Packages --------------------------------------------------------------------------------------

export const readablePackages = (user: User, trx: Knex = db()) => whereDeskReadable(packageRows(trx), 'packages', user, trx);

/** A package the user reads, or 404. */
export async function findReadablePackage(user: User, id: number, trx: Knex = db()): Promise<PackageRow> {
  const row = (await readablePackages(user, trx).where('packages.id', id).first()) as PackageRow | undefined;
  if (!row) throw notFound(messageText('package_not_found'));
  return row;
}

/** Logging a package at a property: its desk (administrators, its security staff); residents 403; other properties 404. */
export async function authorizePackageDesk(user: User, propertyId: number, trx: Knex = db()) {
  if (!deskRole(user)) throw forbidden(messageText('package_desk_forbidden'));
  return authorizeDesk(user, propertyId, trx);
}

/**
 * A package the desk hands out or returns, locked for the transaction: locked first and read
 * after, so that of two tablets picking it up at once the second reads it picked up. Who reads
 * it but works no desk gets 403; anyone else 404.
 */
export async function findDeskPackage(trx: Knex, actor: User, id: number): Promise<PackageRow> {
  const locked = await trx('packages').where({ id }).forUpdate().first('id', 'property_id');
  if (!locked) throw notFound(messageText('package_not_found'));
  if (!deskRole(actor)) {
    if (await whereDeskReadable(trx('packages').join('properties', 'properties.id', 'packages.property_id'), 'packages', actor, trx).where('packages.id', id).first('packages.id')) {
      throw forbidden(messageText('package_desk_forbidden'));
    }
    throw notFound(messageText('package_not_found'));
  }
  await authorizeDesk(actor, locked.propertyId, trx).catch(() => {
    throw notFound(messageText('package_not_found'));
  });
  return packageRow(trx, id);
}

/** What the user may do to the package now (the presenter sends it; the screens show exactly these). */
export function packageActions(user: User, row: Pick<PackageRow, 'status'>): PackageAction[] {
  return deskRole(user) && row.status === 'waiting' ? ['pickup', 'return'] : [];
}

/** Who exports the log and sets the reminder days: administrators; 403. */
export function authorizePackageAdministration(user: User) {
  if (!isAdministrator(user)) throw forbidden();
}

// Vehicles and pets -----------------------------------------------------------------------------

/**
 * The unit whose vehicles or pets are read (`manage`: changed): administrators any unit of a
 * property they reach; who acts for the unit; for vehicles, the property's security staff
 * read (never change). Anyone else 404; a reader who may not change 403.
 */
export async function authorizeUnitRegistry(user: User, unitId: number, table: 'vehicles' | 'pets', manage: boolean, trx: Knex = db()) {
  const unit = await trx('units').join('properties', 'properties.id', 'units.property_id').where('units.id', unitId).first('units.id', 'units.property_id', 'properties.organization_id');
  if (!unit) throw notFound(messageText('unit_not_found_desk'));
  if (isAdministrator(user)) {
    if (!(await readablePropertyIds(user, trx).where('properties.id', unit.propertyId).first())) throw notFound(messageText('unit_not_found_desk'));
    return unit as { id: number; propertyId: number; organizationId: number };
  }
  if (unit.organizationId === user.organizationId && unitRole(user) && (await actsForUnit(user.id, unitId, trx))) return unit as { id: number; propertyId: number; organizationId: number };
  if (table === 'vehicles' && user.role === 'Suplidor' && unit.organizationId === user.organizationId && (await deskPropertyIds(user, trx).where('property_id', unit.propertyId).first())) {
    if (manage) throw forbidden();
    return unit as { id: number; propertyId: number; organizationId: number };
  }
  throw notFound(messageText('unit_not_found_desk'));
}

/** Whether the user changes a unit's vehicles and pets: administrators, who acts for the unit. */
export const managesUnitRegistry = (user: User, actsFor: boolean) => isAdministrator(user) || actsFor;

export const readableVehicles = (user: User, trx: Knex = db()) => whereDeskReadable(vehicleRows(trx), 'vehicles', user, trx);
export const readablePets = (user: User, trx: Knex = db()) => whereDeskReadable(petRows(trx), 'pets', user, trx);

/** A vehicle or pet the user changes, locked: 404 past their reach, 403 for a reader who may not change it (the desk). */
export async function findManageable<T extends VehicleRow | PetRow>(trx: Knex, user: User, table: 'vehicles' | 'pets', id: number): Promise<T> {
  const rows = table === 'vehicles' ? readableVehicles(user, trx) : readablePets(user, trx);
  const row = (await rows.where(`${table}.id`, id).forUpdate(table).first()) as T | undefined;
  if (!row) throw notFound(messageText(table === 'vehicles' ? 'vehicle_not_found' : 'pet_not_found'));
  if (!managesUnitRegistry(user, unitRole(user) && (await actsForUnit(user.id, row.unitId, trx)))) throw forbidden();
  return row;
}

/** Who sees the records about to expire: administrators. */
export const authorizeExpiringRecords = authorizePackageAdministration;

/** The desk's plate search at a property: its desk (administrators, its security staff). */
export const authorizePlateSearch = authorizePackageDesk;

