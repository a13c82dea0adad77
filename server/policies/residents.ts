import type { Knex } from 'knex';
import { isAdministrator } from '../../shared/permissions';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import type { Property, User } from '../models';
import { findManageableProperty, propertyIdsWithReadableDetails } from './properties';

/**
 * Restricts a query on `residents as r` to the residences the user may see: those of the
 * properties whose residents they read (administrators, owners, residents of the property).
 * Only administrators and the owner of the whole property see former (inactive) residents;
 * anyone else only their own past residences.
 */
export function whereResidentVisible(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  query.whereIn('r.property_id', propertyIdsWithReadableDetails(user, trx));
  if (!isAdministrator(user)) {
    query.where((visible) =>
      visible
        .whereNot('r.status', 'inactive')
        .orWhere('r.user_id', user.id)
        .orWhereIn('r.property_id', trx('properties').select('id').where({ ownerId: user.id })),
    );
  }
  return query;
}

/**
 * Whether the viewer sees a resident's email, username and phone: administrators and the
 * owner of the resident's whole property do; anyone else (residents, owners of one unit) only
 * their own (docs/permissions.md: no other residents' contact data).
 */
export const seesContactOf = (viewer: User, resident: { userId: number; propertyOwnerId: number | null }) =>
  isAdministrator(viewer) || (viewer.role === 'Propietario' && viewer.id === resident.propertyOwnerId) || viewer.id === resident.userId;

/** A resident row id the user may see (404 otherwise). */
export async function findVisibleResidentId(user: User, id: number, trx: Knex = db()): Promise<number> {
  const row = await whereResidentVisible(trx('residents as r').where('r.id', id), user, trx).first('r.id');
  if (!row) throw notFound(messageText('resident_not_found'));
  return row.id;
}

/** A resident the user may change or message: 404 when they cannot see it, 403 unless administrator. */
export async function findManageableResidentId(user: User, id: number, trx: Knex = db()): Promise<number> {
  await findVisibleResidentId(user, id, trx);
  if (!isAdministrator(user)) throw forbidden();
  return id;
}

/** A resident of this (manageable) property: the property's 404/403 first, then 404 for a resident of another one. */
export async function findManageablePropertyResident(user: User, propertyId: number, residentId: number, trx: Knex = db()) {
  const property: Property = await findManageableProperty(user, propertyId, trx);
  const resident = await trx('residents').where({ id: residentId, propertyId }).forUpdate().first();
  if (!resident) throw notFound(messageText('resident_not_found'));
  return { property, resident: resident as { id: number; userId: number; propertyId: number; unitId: number | null; status: string } };
}
