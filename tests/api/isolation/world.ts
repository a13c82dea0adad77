import type { Organization } from '../../../server/models';
import { createOrganization, createProperty, createResident, createUnit, createUser, unique } from '../../support/factories';
import type { Tenant, World } from './types';

/**
 * One tenant: an organization with a user of each role, a property owned by the owner and a
 * unit the resident lives in. Every name, username and brand text carries the tenant's tag, so
 * a response can be searched for any of them.
 */
export async function createTenant(overrides: Partial<Organization> = {}): Promise<Tenant> {
  const tag = unique('iso');
  const organization = await createOrganization({
    name: `Organización ${tag}`,
    domain: `${tag}.vecindad.test`,
    contactEmail: `contacto-${tag}@vecindad.test`,
    settings: { appName: `Marca ${tag}`, companyName: `Empresa ${tag}` },
    ...overrides,
  });
  const person = (role: 'Administrador' | 'Propietario' | 'Suplidor', label: string) =>
    createUser({
      role,
      organizationId: organization.id,
      username: `${label}-${tag}@vecindad.test`,
      lastName: `${label}-${tag}`,
      phone: `809-${tag}`,
    });
  const admin = await person('Administrador', 'admin');
  const owner = await person('Propietario', 'propietario');
  const supplier = await person('Suplidor', 'suplidor');
  const property = await createProperty({
    organizationId: organization.id,
    ownerId: owner.id,
    name: `Propiedad ${tag}`,
    address: `Calle ${tag} 12`,
    description: `Descripción ${tag}`,
  });
  const unit = await createUnit({ propertyId: property.id, unitNumber: `U-${tag}` });
  const { user: resident } = await createResident({
    property,
    unit,
    user: { username: `residente-${tag}@vecindad.test`, lastName: `residente-${tag}`, phone: `809-r-${tag}` },
  });
  return { organization, admin, owner, resident, supplier, property, unit };
}

/** `own` (a master organization, so its administrator has every power) and an unrelated `other`. */
export async function createWorld(): Promise<World> {
  return { own: await createTenant({ type: 'master' }), other: await createTenant() };
}

/** Texts of a tenant's data that must never reach a user of another organization. */
export function tenantTexts(tenant: Tenant): string[] {
  const settings = tenant.organization.settings as { appName: string; companyName: string };
  return [
    tenant.organization.name,
    tenant.organization.domain!,
    tenant.organization.contactEmail!,
    settings.appName,
    settings.companyName,
    tenant.property.name,
    tenant.property.address,
    tenant.unit.unitNumber,
    ...[tenant.admin, tenant.owner, tenant.resident, tenant.supplier].flatMap((user) => [user.username, user.lastName!]),
  ];
}

/** A 1x1 PNG, base64: a valid profile photo. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
