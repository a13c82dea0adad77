import type { Knex } from 'knex';
import type { StaffService } from '../../shared/enums';
import { db } from '../db';
import type { User } from '../models';

/**
 * Property staff (docs/modules/maintenance.md): a Suplidor works at a property for a service.
 * Maintenance staff take its work orders; security staff will work its visitors desk.
 */

/** Ids of the active suppliers giving `service` at a property (a subquery). */
export function staffIds(propertyId: number, service: StaffService, trx: Knex = db()): Knex.QueryBuilder {
  return trx('property_staff')
    .join('users', 'users.id', 'property_staff.user_id')
    .select('users.id')
    .where({ 'property_staff.property_id': propertyId, 'property_staff.service': service, 'users.role': 'Suplidor', 'users.isActive': true });
}

/** Whether the user gives `service` at the property (the check every staff-only action makes). */
export async function staffOf(user: Pick<User, 'id'>, propertyId: number, service: StaffService, trx: Knex = db()): Promise<boolean> {
  return Boolean(await staffIds(propertyId, service, trx).where('users.id', user.id).first());
}

/** The properties a supplier staffs, for any service (what they may read of the tenant). */
export const staffedPropertyIds = (userId: number, trx: Knex = db()) =>
  trx('property_staff').select('property_id').where({ userId });
