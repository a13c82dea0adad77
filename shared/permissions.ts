import type { Role } from './enums';

/**
 * What each role may do (docs/permissions.md, "Who may do what"). The server enforces these through
 * server/policies; the client uses them only to hide what would be refused anyway.
 * Row-level reach (own property, own uploads, assigned work) is decided by the policies.
 */
export const CAPABILITIES = {
  'properties.manage': ['Administrador'],
  // Units, residents and the amenity catalogue of the properties they read (suppliers read
  // the property of their work, not who lives there).
  'propertyDetails.read': ['Administrador', 'Propietario', 'Residente'],
  'units.manage': ['Administrador'],
  'residents.manage': ['Administrador'],
  'amenities.manage': ['Administrador'],
  'users.manage': ['Administrador'],
  'broadcasts.read': ['Administrador', 'Propietario', 'Residente'],
  'broadcasts.manage': ['Administrador'],
  'documents.read': ['Administrador', 'Propietario', 'Residente'],
  'documents.upload': ['Administrador', 'Propietario', 'Residente'],
  'documents.deleteAny': ['Administrador'],
  'maintenance.create': ['Administrador', 'Propietario', 'Residente'],
  'maintenance.manage': ['Administrador'],
  'billing.read': ['Administrador', 'Propietario', 'Residente'],
  'billing.manage': ['Administrador'],
  'billing.readAll': ['Administrador'],
  // Funds, suppliers, expenses (docs/modules/finances.md): the organization's administrators only.
  'finances.manage': ['Administrador'],
  // Assemblies (docs/modules/assemblies.md): administrators run them; owners vote for their units (policies/assemblies.ts).
  'assemblies.manage': ['Administrador'],
  'assemblies.read': ['Administrador', 'Propietario', 'Residente'],
  'amenities.book': ['Administrador', 'Propietario', 'Residente'],
  'bookings.manage': ['Administrador'],
  'visitors.register': ['Administrador', 'Propietario', 'Residente'],
  'visitors.checkIn': ['Administrador'],
  // The desk screen: administrators, and suppliers on a property's security staff (the server checks the staff).
  'visitors.desk': ['Administrador', 'Suplidor'],
  'settings.manage': ['Administrador'],
  // Organizations: also needs a master organization (or the super-admin flag), see policies.
  'organizations.manage': ['Administrador'],
  'queues.view': ['Administrador'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export type Actor = { role: Role; isSuperAdmin?: boolean };

/** Whether the role may ever do this; the super-admin may do everything. */
export function can(actor: Actor | null | undefined, capability: Capability): boolean {
  if (!actor) return false;
  if (actor.isSuperAdmin) return true;
  return (CAPABILITIES[capability] as readonly Role[]).includes(actor.role);
}

/**
 * Where a browser goes from a screen its user may not open (the client's routes, the server's
 * /admin/queues): the dashboard, which tells why and drops the parameter.
 */
export const FORBIDDEN_REDIRECT = '/?notice=forbidden';

export const isAdministrator = (actor: Actor | null | undefined) =>
  Boolean(actor && (actor.isSuperAdmin || actor.role === 'Administrador'));
