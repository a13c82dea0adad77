import { foldedContains } from '../db/search';
import type { Knex } from 'knex';
import { assertOrganizationLimit } from '../policies/limits';
import { messageText } from '../../shared/messages';
import type { PageQuery } from '../../shared/schemas/common';
import {
  PropertyLocationSchema,
  type PropertyCreateInput,
  type PropertyUpdateInput,
} from '../../shared/schemas/properties';
import { db } from '../db';
import { conflict, notFound, validationError } from '../errors';
import { claimVersion } from '../db/versioned';
import { recordEvent } from '../events/outbox';
import type { Property, User } from '../models';
import { canReachOrganization, readablePropertyIds, whereOrganizationReachable } from '../policies/tenancy';
import { isAdministrator } from '../../shared/permissions';
import { PROPERTY_COLUMNS, type PropertyRow } from '../rows/properties';
import { parse } from '../validation';
import { rememberedPage } from '../services/listTotals';


/**
 * `properties` (a query of property rows: every column but the photo bytes) with their real
 * unit count and resident count (active and temporary), in the same statement: two index-only
 * counts per property returned, run after the page is chosen (the page is a subquery), so a
 * page costs one round trip.
 */
function withCounts(trx: Knex, properties: Knex.QueryBuilder): Knex.QueryBuilder {
  return trx
    .from(properties.as('properties'))
    .select(
      'properties.*',
      trx.raw('(select count(*) from units where units.property_id = properties.id)::int as unit_count'),
      trx.raw("(select count(*) from residents where residents.property_id = properties.id and residents.status <> 'inactive')::int as resident_count"),
    );
}

const propertyColumns = () => PROPERTY_COLUMNS.map((column) => `properties.${column}`);

/**
 * The properties the user may read (docs/permissions.md), by name (ignoring case and accents, whatever
 * the database collation); `q` searches name and address.
 */
export async function listProperties(user: User, page: PageQuery): Promise<{ rows: PropertyRow[]; total: number }> {
  const trx = db();
  const readable = () => {
    // An administrator's properties by their organization directly: the page walks the
    // (organization_id, sort_name) index instead of joining properties with themselves.
    const query = isAdministrator(user)
      ? whereOrganizationReachable(trx('properties'), 'properties.organization_id', user, { inOrder: true })
      : trx('properties').whereIn('properties.id', readablePropertyIds(user, trx));
    if (page.q) query.where('properties.searchText', 'like', foldedContains(trx, page.q));
    return query;
  };
  const chosen = readable()
    .select([...propertyColumns(), 'properties.sortName'])
    .orderBy([{ column: 'properties.sortName' }, { column: 'properties.id' }])
    .offset(page.offset);
  if (page.limit) chosen.limit(page.limit);
  const counted = withCounts(trx, chosen).orderBy([{ column: 'properties.sortName' }, { column: 'properties.id' }]);
  return rememberedPage<PropertyRow>(user, { page: counted, filtered: readable }, trx);
}

export async function getProperty(trx: Knex, id: number): Promise<PropertyRow> {
  return withCounts(trx, trx('properties').select(propertyColumns()).where('properties.id', id)).first();
}

/** Field errors when `ownerId` is not a Propietario of the organization. */
async function checkOwner(trx: Knex, ownerId: number | null | undefined, organizationId: number) {
  if (!ownerId) return;
  const owner = await trx('users').where({ id: ownerId, organizationId, role: 'Propietario' }).first('id');
  if (!owner) throw validationError({ ownerId: messageText('property_owner_invalid') });
}


/**
 * The organization a new property belongs to: the caller's, or one they reach given
 * explicitly (an Administrador of a master organization, or a super-admin).
 */
async function targetOrganization(trx: Knex, actor: User, requested: number | null | undefined) {
  if (!requested || requested === actor.organizationId) return actor.organizationId;
  const exists = await trx('organizations').where({ id: requested }).first('id');
  if (!exists || !(await canReachOrganization(actor, requested, trx))) {
    throw validationError({ organizationId: messageText('property_organization_invalid') });
  }
  return requested;
}

const propertyEvent = (type: 'property.created' | 'property.updated' | 'property.deleted', actor: User, property: Pick<Property, 'id' | 'name' | 'organizationId'>, payload: Record<string, unknown> = {}) => ({
  type,
  organizationId: property.organizationId,
  // Its residents and owner (property room) and the organization's administrators are told.
  audience: 'property' as const,
  propertyId: property.id,
  actorId: actor.id,
  subject: { type: 'property', id: property.id },
  payload: { name: property.name, ...payload },
});

export async function createProperty(trx: Knex, actor: User, input: PropertyCreateInput): Promise<PropertyRow> {
  const { organizationId: requested, ...fields } = input;
  const organizationId = await targetOrganization(trx, actor, requested);
  await checkOwner(trx, fields.ownerId, organizationId);
  await assertOrganizationLimit(trx, organizationId, 'properties');
  const [{ id }] = await trx('properties').insert({ ...fields, organizationId }).returning('id');
  const row = await getProperty(trx, id);
  await recordEvent(trx, propertyEvent('property.created', actor, row));
  return row;
}

export async function updateProperty(trx: Knex, actor: User, property: Property, input: PropertyUpdateInput): Promise<PropertyRow> {
  const { version, ...fields } = input;
  await claimVersion(trx, 'properties', property.id, version);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  // Country and city are checked together with what is stored (a new country needs its city).
  if ('country' in changes || 'city' in changes) {
    parse(PropertyLocationSchema, { country: changes.country ?? property.country, city: changes.city ?? property.city });
  }
  if ('ownerId' in changes) await checkOwner(trx, changes.ownerId as number | null, property.organizationId);
  await trx('properties').where({ id: property.id }).update({ ...changes, updatedAt: trx.fn.now() });
  const row = await getProperty(trx, property.id);
  await recordEvent(trx, propertyEvent('property.updated', actor, row, { changed: Object.keys(changes) }));
  return row;
}

/**
 * Deletes a property with its units, residents, amenities (and bookings), broadcasts,
 * maintenance requests, visits and its unused funds. Charges, payments, expenses, fund
 * transfers and documents must never vanish with it, so their presence refuses the deletion
 * (the foreign keys restrict it as well).
 */
export async function deleteProperty(trx: Knex, actor: User, property: Property) {
  await trx('properties').where({ id: property.id }).forUpdate().first('id');
  const [charges, payments, expenses, transfers, documents, incomes, bankLines] = await Promise.all([
    trx('charges').where({ propertyId: property.id }).first('id'),
    trx('payments').where({ propertyId: property.id }).first('id'),
    trx('expenses').where({ propertyId: property.id }).first('id'),
    trx('fundTransfers').where({ propertyId: property.id }).first('id'),
    trx('documents').where({ propertyId: property.id }).first('id'),
    // Bank statement lines and other incomes (commands/finances/bank*.ts) are money rows too.
    trx('otherIncomes').where({ propertyId: property.id }).first('id'),
    trx('bankLines').join('bankAccounts', 'bankAccounts.id', 'bankLines.bankAccountId').where('bankAccounts.propertyId', property.id).first('bankLines.id'),
  ]);
  if (charges || payments) throw conflict(messageText('property_has_payments'), 'property_in_use');
  if (expenses || transfers || incomes || bankLines) throw conflict(messageText('property_has_expenses'), 'property_in_use');
  if (documents) throw conflict(messageText('property_has_documents'), 'property_in_use');
  await trx('properties').where({ id: property.id }).delete();
  await recordEvent(trx, propertyEvent('property.deleted', actor, property));
}

/** The photo is not part of the edit form: it does not raise the version (a form open elsewhere stays valid). */
export async function setPropertyImage(trx: Knex, actor: User, property: Property, image: Buffer | null, imageType: string | null) {
  const updated = await trx('properties').where({ id: property.id }).update({ image, imageType, updatedAt: trx.fn.now() });
  if (!updated) throw notFound(); // deleted meanwhile
  const row = await getProperty(trx, property.id);
  await recordEvent(trx, propertyEvent('property.updated', actor, row, { changed: ['image'] }));
  return row;
}

/** The photo bytes of a property (the caller has checked it may read it). */
export async function getPropertyImage(id: number) {
  return db()('properties').where({ id }).whereNotNull('image').first('image', 'imageType', 'updatedAt');
}
