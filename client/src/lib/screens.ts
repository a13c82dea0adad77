import { can, isAdministrator, type Actor, type Capability } from '@shared/permissions';
import type { Branding, FeatureName } from '@shared/branding';

/**
 * Who may open a screen: the menu shows it (layout/navigation.ts), and its route lets in,
 * exactly the users for whom `screenAccess` says 'open' (the server refuses the others anyway).
 * Apart from the menu (its icons) because the routes check it before the layout loads.
 */
type ScreenRule = {
  /** A module the organization may switch off. */
  feature?: FeatureName;
  /** What the user must be able to do there (shared/permissions.ts); none: every user. */
  capability?: Capability;
  /** The visitors desk: a supplier only when on a property's security staff (`worksDesk`). */
  desk?: boolean;
  /** Operators of the installation only (the server's `operator` of the user). */
  operator?: boolean;
};

/** The screens of spec section 2 that not every role or organization has (docs/permissions.md). */
const SCREENS: Record<string, ScreenRule> = {
  '/documents': { feature: 'documents', capability: 'documents.read' },
  '/residents': { capability: 'propertyDetails.read' },
  // Imports (docs/modules/onboarding.md): the organization's administrators.
  '/import': { capability: 'properties.manage' },
  '/billing': { feature: 'billing', capability: 'billing.read' },
  // Finances: the organization's administrators; the published reports (/finances/reportes) also owners and residents.
  '/finances': { capability: 'finances.manage' },
  // Suppliers work their assigned requests here ("Mis trabajos").
  '/maintenance': { feature: 'maintenance' },
  // Assemblies: administrators run them; owners and residents of the property read (and owners vote).
  '/assemblies': { capability: 'assemblies.read' },
  '/amenities': { feature: 'amenities', capability: 'amenities.book' },
  '/visitors': { feature: 'visitors', capability: 'visitors.register' },
  // The guardhouse's tablet: administrators and security staff.
  '/visitors/desk': { feature: 'visitors', capability: 'visitors.desk', desk: true },
  // Packages, vehicles and pets (the desk's other work): "Mis paquetes" and the log, and the guardhouse's tablet.
  '/packages': { feature: 'visitors', capability: 'visitors.register' },
  '/packages/desk': { feature: 'visitors', capability: 'visitors.desk', desk: true },
  '/admin/system-settings': { capability: 'settings.manage' },
  '/admin/organizations': { capability: 'organizations.manage' },
  '/admin/mail': { capability: 'queues.view', operator: true },
  '/admin/status': { capability: 'queues.view', operator: true },
  // The notices: their own menu entry, and a tab of /properties.
  '/properties/broadcasts': { capability: 'broadcasts.read' },
  // Finances: administrators; the published monthly reports also to owners and residents.
  '/finances/presupuesto': { capability: 'finances.manage' },
  '/finances/cierre': { capability: 'finances.manage' },
  '/finances/reportes': { capability: 'billing.read' },
};

export type ScreenAccess = 'open' | 'switchedOff' | 'forbidden';

/** A user as GET /api/user describes them, with what the server worked out for the screens. */
export type ScreenUser = Actor & { worksDesk?: boolean; operator?: boolean };

/**
 * Whether this user may open the screen at `to` with these module switches: 'switchedOff' when
 * its module is off, 'forbidden' when the role cannot use it. Paths without a rule are open
 * (their own pages decide).
 */
export function screenAccess(to: string, user: ScreenUser, features: Branding['features']): ScreenAccess {
  const rule = SCREENS[to];
  if (!rule) return 'open';
  if (rule.feature && !features[rule.feature]) return 'switchedOff';
  if (rule.desk && !isAdministrator(user) && !user.worksDesk) return 'forbidden';
  if (rule.operator && !user.operator) return 'forbidden';
  return !rule.capability || can(user, rule.capability) ? 'open' : 'forbidden';
}
