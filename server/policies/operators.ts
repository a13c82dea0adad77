import { can } from '../../shared/permissions';
import type { User } from '../models';
import { managesOrganizations } from './organizations';

/**
 * Operators of the installation (job queues, the email outbox): super-admins and
 * administrators of a master organization, with no temporary password in force.
 */
export async function isOperator(user: User | undefined): Promise<boolean> {
  return Boolean(user && can(user, 'queues.view') && !user.mustChangePassword && (await managesOrganizations(user)));
}
