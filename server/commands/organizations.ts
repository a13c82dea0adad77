import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { messageText } from '../../shared/messages';
import type { OrganizationCreateInput, OrganizationUpdateInput } from '../../shared/schemas/organizations';
import { conflict, validationError } from '../errors';
import { claimVersion } from '../db/versioned';
import { recordEvent } from '../events/outbox';
import { Organization, type User } from '../models';
import { allowedParent } from '../policies/organizations';
import { presentBranding } from '../presenters/settings';
import { recordBrandingChange } from './settings';

// Parent changes take this transaction-level lock, one at a time: two concurrent moves
// (A under B, B under A) could otherwise each pass the cycle check.
const PARENT_CHANGE_LOCK = 730_001;

type OrganizationEventType = 'organization.created' | 'organization.updated' | 'organization.deleted';

/** Organization events go to the administrators of the acting organization (the managers). */
const organizationEvent = (actor: User, type: OrganizationEventType, organization: Organization) => ({
  type,
  organizationId: actor.organizationId,
  audience: 'administrators' as const,
  actorId: actor.id,
  subject: { type: 'organization', id: organization.id },
  payload: { name: organization.name },
});

export async function createOrganization(trx: Knex, actor: User, input: OrganizationCreateInput): Promise<Organization> {
  const { parentId, primaryColor, secondaryColor, ...fields } = input;
  const parent = await allowedParent(actor, parentId ?? null, trx);
  const organization = await uniqueDomain(async () =>
    Organization.query(trx).insertAndFetch({
      ...fields,
      parentId: parent,
      // Left empty, the colours keep their defaults (spec: blue and pink).
      primaryColor: primaryColor ?? undefined,
      secondaryColor: secondaryColor ?? undefined,
    }),
  );
  await recordEvent(trx, organizationEvent(actor, 'organization.created', organization));
  return organization;
}

/** Changes the fields sent; `organization` was found (and locked) by the policy. */
export async function updateOrganization(
  trx: Knex,
  actor: User,
  organization: Organization,
  input: OrganizationUpdateInput,
): Promise<Organization> {
  const { parentId, version, ...fields } = input;
  await claimVersion(trx, 'organizations', organization.id, version);
  const changes: Partial<Organization> = { ...fields };
  if (parentId !== undefined && parentId !== organization.parentId) {
    await trx.raw('select pg_advisory_xact_lock(?)', [PARENT_CHANGE_LOCK]);
    changes.parentId = await allowedParent(actor, parentId, trx);
    await assertNotBelowItself(trx, organization.id, changes.parentId);
  }
  const before = presentBranding(organization); // patchAndFetch updates `organization` too
  const updated = await uniqueDomain(async () => organization.$query(trx).patchAndFetch(changes));
  await recordEvent(trx, organizationEvent(actor, 'organization.updated', updated));
  await recordBrandingChange(trx, actor, before, presentBranding(updated), updated.id);
  return updated;
}

/**
 * Deletes an organization that holds nothing: with child organizations, users, properties or
 * documents it is refused (409) and nothing changes.
 */
export async function deleteOrganization(trx: Knex, actor: User, organization: Organization) {
  const { rows } = await trx.raw(
    `select exists(select 1 from organizations where parent_id = :id) as children,
            exists(select 1 from users where organization_id = :id) as users,
            exists(select 1 from properties where organization_id = :id) as properties,
            exists(select 1 from documents where organization_id = :id) as documents`,
    { id: organization.id },
  );
  const holds = rows[0] as Record<'children' | 'users' | 'properties' | 'documents', boolean>;
  if (holds.children) throw conflict(messageText('organization_has_children'), 'organization_has_children');
  if (holds.users) throw conflict(messageText('organization_has_users'), 'organization_has_users');
  if (holds.properties) throw conflict(messageText('organization_has_properties'), 'organization_has_properties');
  if (holds.documents) throw conflict(messageText('organization_has_documents'), 'organization_has_documents');
  // Plain knex: a row added meanwhile fails the foreign key, which answers 409 as well.
  await trx('organizations').where({ id: organization.id }).delete();
  await recordEvent(trx, organizationEvent(actor, 'organization.deleted', organization));
}

/** The new parent may be neither the organization itself nor one of its descendants. */
async function assertNotBelowItself(trx: Knex, organizationId: number, parentId: number | null) {
  if (parentId === null) return;
  if (parentId === organizationId) throw validationError({ parentId: messageText('organization_parent_self') });
  const { rows } = await trx.raw(
    `with recursive ancestors(id, parent_id) as (
       select id, parent_id from organizations where id = :parentId
       union
       select o.id, o.parent_id from organizations o join ancestors a on o.id = a.parent_id
     )
     select 1 from ancestors where id = :organizationId limit 1`,
    { parentId, organizationId },
  );
  if (rows.length) throw validationError({ parentId: messageText('organization_parent_cycle') });
}

/** A domain already used by another organization: 409 on the field. */
async function uniqueDomain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueViolationError && error.constraint === 'organizations_domain_unique') {
      throw conflict(messageText('domain_taken'), 'domain_taken', { domain: messageText('domain_taken') });
    }
    throw error;
  }
}
