import type { Organization } from '../models';

/** An organization as the organizations screen sees it (its settings are /api/settings). */
export function presentOrganization(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    type: organization.type,
    status: organization.status,
    parentId: organization.parentId,
    domain: organization.domain,
    logo: organization.logo,
    primaryColor: organization.primaryColor,
    secondaryColor: organization.secondaryColor,
    accentColor: organization.accentColor,
    address: organization.address,
    subscriptionPlan: organization.subscriptionPlan,
    maxUsers: organization.maxUsers,
    maxProperties: organization.maxProperties,
    contactEmail: organization.contactEmail,
    contactPhone: organization.contactPhone,
    createdAt: organization.createdAt,
    updatedAt: organization.updatedAt,
    version: organization.version,
  };
}
export type PresentedOrganization = ReturnType<typeof presentOrganization>;
