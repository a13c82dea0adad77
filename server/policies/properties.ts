import type { Knex } from 'knex';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Property, type User } from '../models';
import { readablePropertyIds } from './tenancy';

/** A property the user may read, or 404 (its existence is never revealed). */
export async function findReadableProperty(user: User, id: number, trx: Knex = db()): Promise<Property> {
  const property = await Property.query(trx).findById(id).whereIn('id', readablePropertyIds(user, trx));
  if (!property) throw notFound('Propiedad no encontrada');
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
