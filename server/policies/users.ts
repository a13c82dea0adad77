import type { Knex } from 'knex';
import { isAdministrator } from '../../shared/permissions';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { User } from '../models';
import { canReachOrganization } from './tenancy';

/**
 * A user whose password the actor may reset: administrators, for the users of the
 * organizations they reach (404 beyond them, 403 for someone else's colleague). Only a
 * super-admin resets a super-admin (the temporary password would hand over the account).
 */
export async function findResettableUser(actor: User, id: number, trx: Knex = db()): Promise<User> {
  const target = await User.query(trx).select(User.lightColumns).findById(id).where({ isActive: true });
  if (!target) throw notFound(messageText('user_not_found'));
  if (!isAdministrator(actor)) {
    if (target.organizationId === actor.organizationId) throw forbidden();
    throw notFound(messageText('user_not_found'));
  }
  if (!(await canReachOrganization(actor, target.organizationId, trx))) throw notFound(messageText('user_not_found'));
  if (target.isSuperAdmin && !actor.isSuperAdmin) throw forbidden();
  return target;
}
