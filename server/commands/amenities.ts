import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { hoursInOrder, type AmenityCreateInput, type AmenityUpdateInput } from '../../shared/schemas/amenities';
import type { PageQuery } from '../../shared/schemas/common';
import { conflict, validationError } from '../errors';
import { claimVersion } from '../db/versioned';
import { recordEvent } from '../events/outbox';
import { Amenity, type Property, type User } from '../models';
import { propertyIdsWithReadableDetails } from '../policies/properties';
import { foldedContains } from '../db/search';

/**
 * Amenities of the properties whose amenities the user may read, by property then name;
 * `propertyId` narrows to one, `q` searches the name.
 */
export async function listAmenities(user: User, filters: Partial<PageQuery> & { propertyId?: number }) {
  const query = Amenity.query().whereIn('propertyId', propertyIdsWithReadableDetails(user));
  if (filters.propertyId) query.where({ propertyId: filters.propertyId });
  if (filters.q) query.where(Amenity.raw('public.vecindad_fold(name)'), 'like', foldedContains(Amenity.knex(), filters.q));
  const total = await query.clone().resultSize();
  query.orderByRaw('property_id, public.vecindad_fold(name), id').offset(filters.offset ?? 0);
  if (filters.limit) query.limit(filters.limit);
  return { rows: await query, total };
}

const amenityEvent = (type: 'amenity.created' | 'amenity.updated' | 'amenity.deleted', actor: User, amenity: Amenity) => ({
  type,
  organizationId: amenity.organizationId,
  audience: 'property' as const,
  propertyId: amenity.propertyId,
  actorId: actor.id,
  subject: { type: 'amenity', id: amenity.id },
  payload: { name: amenity.name },
});

export async function createAmenity(trx: Knex, actor: User, property: Property, input: AmenityCreateInput) {
  const { propertyId: _propertyId, ...fields } = input;
  const amenity = await Amenity.query(trx).insertAndFetch({ ...fields, propertyId: property.id, organizationId: property.organizationId });
  await recordEvent(trx, amenityEvent('amenity.created', actor, amenity));
  return amenity;
}

/** Partial update; the hours are checked against the stored ones (opening before closing). */
export async function updateAmenity(trx: Knex, actor: User, amenity: Amenity, input: AmenityUpdateInput) {
  const { version, ...fields } = input;
  await claimVersion(trx, 'amenities', amenity.id, version);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Omit<AmenityUpdateInput, 'version'>;
  const opening = changes.openingTime !== undefined ? changes.openingTime : amenity.openingTime;
  const closing = changes.closingTime !== undefined ? changes.closingTime : amenity.closingTime;
  if (!hoursInOrder(opening, closing)) throw validationError({ closingTime: messageText('amenity_hours_order') });
  const updated = await Amenity.query(trx).patchAndFetchById(amenity.id, changes);
  await recordEvent(trx, amenityEvent('amenity.updated', actor, updated));
  return updated;
}

/**
 * Deletes an amenity and its past bookings. Pending or confirmed bookings still to come
 * refuse it: those residents would lose a reservation without a word (cancel them first).
 */
export async function deleteAmenity(trx: Knex, actor: User, amenity: Amenity) {
  await trx('amenities').where({ id: amenity.id }).forUpdate().first('id');
  const upcoming = await trx('amenityBookings')
    .where({ amenityId: amenity.id })
    .whereIn('status', ['pending', 'confirmed'])
    .where('endTime', '>', trx.fn.now())
    .first('id');
  if (upcoming) throw conflict(messageText('amenity_has_bookings'), 'amenity_in_use');
  await trx('amenities').where({ id: amenity.id }).delete();
  await recordEvent(trx, amenityEvent('amenity.deleted', actor, amenity));
}
