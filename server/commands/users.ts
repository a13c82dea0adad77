import type { Knex } from 'knex';
import type { UserListQuery } from '../../shared/schemas/users';
import { db } from '../db';
import { whereOrganizationReachable } from '../policies/tenancy';
import { foldedContains } from '../db/search';
import { recordEvent } from '../events/outbox';
import type { User } from '../models';
import { hashPassword, temporaryPassword } from '../services/passwords';
import { fullName } from '../../shared/format';

/**
 * The users linked to a property (spec "Property user"): its active and temporary residents,
 * its owner and the suppliers on its staff (property_staff).
 */
export async function listPropertyUsers(propertyId: number): Promise<Array<Pick<User, 'id' | 'name' | 'lastName' | 'username' | 'email' | 'role'>>> {
  const trx = db();
  const linked = trx('residents')
    .select('userId as id')
    .where({ propertyId })
    .whereNot({ status: 'inactive' })
    .union(
      trx('properties').select('ownerId as id').where({ id: propertyId }).whereNotNull('ownerId'),
      trx('property_staff').select('userId as id').where({ propertyId }),
    );
  return trx('users')
    .select('id', 'name', 'lastName', 'username', 'email', 'role')
    .whereIn('id', linked)
    .where({ isActive: true })
    .orderBy([{ column: 'sortName' }, { column: 'id' }]);
}

/**
 * Active users of the organizations the administrator reaches (one of them with
 * `organizationId`), by role and name (`q` matches name, last name and email), sorted by name.
 */
export async function listUsers(actor: User, { role, organizationId, q, limit, offset }: UserListQuery) {
  const query = whereOrganizationReachable(db()('users'), 'users.organization_id', actor).where({ 'users.isActive': true });
  if (role) query.where('users.role', role);
  if (organizationId) query.where('users.organizationId', organizationId);
  if (q) query.where('users.searchText', 'like', foldedContains(db(), q));
  const [{ total }] = await query.clone().count({ total: '*' });
  const users = await query
    .select('id', 'name', 'lastName', 'username', 'email', 'role')
    .orderBy([{ column: 'sortName' }, { column: 'id' }])
    .offset(offset)
    .limit(limit ?? 50);
  return { users, total: Number(total) };
}

/**
 * Gives the user a temporary password (answered once to the administrator, never stored in
 * clear nor put in the event) that must be changed at the next sign-in. The caller ends the
 * user's sessions once this has committed.
 */
export async function resetPassword(trx: Knex, actor: User, target: User): Promise<string> {
  const tempPassword = temporaryPassword();
  await trx('users')
    .where({ id: target.id })
    .update({ password: await hashPassword(tempPassword), mustChangePassword: true, updatedAt: trx.fn.now() });
  await recordEvent(trx, {
    type: 'user.password_reset',
    organizationId: target.organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'user', id: target.id },
    payload: { name: fullName(target.name, target.lastName) },
  });
  return tempPassword;
}
