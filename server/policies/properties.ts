import type { Knex } from 'knex';
import { can, isAdministrator } from '../../shared/permissions';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Amenity, Property, Unit, type User } from '../models';
import { PROPERTY_COLUMNS, type PlacedUnit } from '../rows/properties';
import { rememberedForVersions } from '../services/listTotals';
import { readablePropertyIds } from './tenancy';

/**
 * A property the user may read, or 404 (its existence is never revealed). `remembered`: found
 * once per data version (services/listTotals.ts) outside a transaction, for readers that never
 * change the row they receive (it is shared).
 */
export async function findReadableProperty(user: User, id: number, trx: Knex = db(), { remembered = false } = {}): Promise<Property> {
  const query = Property.query(trx)
    .select(PROPERTY_COLUMNS.map((column) => `properties.${column}`))
    .findById(id)
    .whereIn('id', readablePropertyIds(user, trx));
  const property = remembered ? await rememberedForVersions(user, query.toKnexQuery(), async () => query, trx) : await query;
  if (!property) throw notFound(messageText('property_not_found'));
  return property;
}

/**
 * A property the user may manage: 404 when they cannot even read it, 403 when they may read
 * it but not change it.
 */
export async function findManageableProperty(user: User, id: number, trx: Knex = db()): Promise<Property> {
  const property = await findReadableProperty(user, id, trx);
  if (!isAdministrator(user)) throw forbidden();
  return property;
}

/**
 * The properties a user may manage, one per id in the order given (ids distinct), in one query:
 * as findManageableProperty for each in turn, 404 or 403 as the first that fails.
 */
export async function findManageableProperties(user: User, ids: number[], trx: Knex = db()): Promise<Property[]> {
  const found = await Property.query(trx)
    .select(PROPERTY_COLUMNS.map((column) => `properties.${column}`))
    .whereIn('id', ids)
    .whereIn('id', readablePropertyIds(user, trx));
  const byId = new Map(found.map((property) => [property.id, property]));
  // As one by one, in order: the first property decides between 404 and 403.
  return ids.map((id) => {
    const property = byId.get(id);
    if (!property) throw notFound(messageText('property_not_found'));
    if (!isAdministrator(user)) throw forbidden();
    return property;
  });
}

/**
 * Units, residents and amenities of a property are read by its administrators, owner and
 * residents (docs/permissions.md); a Suplidor reads the property itself (they staff it) but not these.
 */
export const mayReadPropertyDetails = (user: User) => can(user, 'propertyDetails.read');

/** A property whose units, residents and amenities the user may read: 404 / 403 as above. */
export async function findPropertyWithReadableDetails(user: User, id: number, trx: Knex = db()): Promise<Property> {
  const property = await findReadableProperty(user, id, trx);
  if (!mayReadPropertyDetails(user)) throw forbidden();
  return property;
}

/** Property ids whose units, residents and amenities the user may read (a subquery). */
export function propertyIdsWithReadableDetails(user: User, trx: Knex = db()): Knex.QueryBuilder {
  return mayReadPropertyDetails(user) ? readablePropertyIds(user, trx) : trx('properties').select('id').whereRaw('false');
}

/** A unit (with its property) the user may read: 404 outside their reach, 403 for a Suplidor. */
export async function findReadableUnit(user: User, id: number, trx: Knex = db()): Promise<PlacedUnit> {
  const unit = await Unit.query(trx).findById(id).whereIn('propertyId', readablePropertyIds(user, trx));
  if (!unit) throw notFound(messageText('unit_not_found'));
  if (!mayReadPropertyDetails(user)) throw forbidden();
  const property = await Property.query(trx).select(PROPERTY_COLUMNS).findById(unit.propertyId).throwIfNotFound();
  return { unit, property };
}

/** A unit the user may change: as above, then 403 unless administrator. */
export async function findManageableUnit(user: User, id: number, trx: Knex = db()) {
  const found = await findReadableUnit(user, id, trx);
  if (!isAdministrator(user)) throw forbidden();
  return found;
}

export async function findReadableAmenity(user: User, id: number, trx: Knex = db()): Promise<Amenity> {
  const amenity = await Amenity.query(trx).findById(id).whereIn('propertyId', readablePropertyIds(user, trx));
  if (!amenity) throw notFound(messageText('amenity_not_found'));
  if (!mayReadPropertyDetails(user)) throw forbidden();
  return amenity;
}

export async function findManageableAmenity(user: User, id: number, trx: Knex = db()): Promise<Amenity> {
  const amenity = await findReadableAmenity(user, id, trx);
  if (!isAdministrator(user)) throw forbidden();
  return amenity;
}
