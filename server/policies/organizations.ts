import type { Knex } from 'knex';
import { can, isAdministrator } from '../../shared/permissions';
import { messageText } from '../../shared/messages';
import type { OrganizationUpdateInput } from '../../shared/schemas/organizations';
import { db } from '../db';
import { forbidden, notFound, validationError } from '../errors';
import { Organization, type User } from '../models';
import { lookupsOf } from '../session/lookups';
import { canReachOrganization, whereOrganizationReachable } from './tenancy';

/**
 * Organizations (docs/permissions.md): a super-admin manages every organization; an Administrador of a
 * master organization manages it and its descendants. Any other Administrador may only read
 * their own organization; other roles have no access (403). In an HTTP request, the type is
 * the one its session query loaded.
 */
export async function managesOrganizations(user: User, trx: Knex = db()): Promise<boolean> {
  if (user.isSuperAdmin) return true;
  if (!can(user, 'organizations.manage')) return false;
  const type = lookupsOf(user)?.organizationType ?? (await Organization.query(trx).findById(user.organizationId).select('type'))?.type;
  return type === 'master';
}

/** The organizations the user may see (those they reach); 403 for non-administrators. */
export function readableOrganizations(user: User, trx: Knex = db()) {
  if (!isAdministrator(user)) throw forbidden();
  return whereOrganizationReachable(Organization.query(trx), 'organizations.id', user);
}

/**
 * An organization the user may change, locked for the rest of the transaction: 404 when it is
 * out of their reach (its existence is never revealed), 403 when they may only read it.
 * FOR NO KEY UPDATE, like an UPDATE: it does not block the foreign-key checks of rows that
 * point at it (a concurrent move under it), so two moves cannot deadlock.
 */
export async function findManageableOrganization(user: User, id: number, trx: Knex): Promise<Organization> {
  const organization = await readableOrganizations(user, trx).findById(id).forNoKeyUpdate();
  if (!organization) throw notFound(messageText('organization_not_found'));
  if (!(await managesOrganizations(user, trx))) throw forbidden();
  return organization;
}

export async function authorizeOrganizationCreate(user: User, trx: Knex) {
  if (!(await managesOrganizations(user, trx))) throw forbidden();
}

/**
 * Who manages an organization is decided by its parent and type, so an administrator cannot
 * change those of their own organization (detaching it from the master that manages it, or
 * locking themselves out); a super-admin or an administrator above it can.
 */
export function authorizeOrganizationUpdate(user: User, organization: Organization, input: OrganizationUpdateInput) {
  if (user.isSuperAdmin || organization.id !== user.organizationId) return;
  const typeChanges = input.type !== undefined && input.type !== organization.type;
  const parentChanges = input.parentId !== undefined && input.parentId !== organization.parentId;
  if (typeChanges || parentChanges) throw forbidden(messageText('organization_own_structure'));
}

/**
 * The parent an organization may get. `null` is the top level for a super-admin; for a master
 * administrator (who would lose a top-level organization at once) it means their own
 * organization. A parent out of the caller's reach reads as not found, a field error.
 */
export async function allowedParent(user: User, requested: number | null, trx: Knex): Promise<number | null> {
  if (requested === null) return user.isSuperAdmin ? null : user.organizationId;
  const exists = await Organization.query(trx).findById(requested).select('id');
  if (!exists || !(await canReachOrganization(user, requested, trx))) {
    throw validationError({ parentId: messageText('organization_parent_invalid') });
  }
  return requested;
}

/** System settings: the Administrador (or super-admin) of the organization; others 403. */
export function authorizeSettings(user: User) {
  if (!can(user, 'settings.manage')) throw forbidden();
}
