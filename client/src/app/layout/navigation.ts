import {
  Activity,
  Building2,
  CalendarCheck,
  ClipboardList,
  CreditCard,
  FileText,
  LayoutDashboard,
  Mail,
  Network,
  ShieldCheck,
  SlidersHorizontal,
  UserCheck,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { can, isAdministrator, type Actor, type Capability } from '@shared/permissions';
import type { Branding, FeatureName } from '@shared/schemas/settings';

/**
 * Who may open a screen: the menu shows it, and its route lets in, exactly the users for whom
 * `screenAccess` says 'open' (the server refuses the others anyway).
 */
type ScreenRule = {
  to: string;
  /** A module the organization may switch off. */
  feature?: FeatureName;
  /** What the user must be able to do there (shared/permissions.ts); none: every user. */
  capability?: Capability;
  /** The visitors desk: a supplier only when on a property's security staff (`worksDesk`). */
  desk?: boolean;
};

export type NavItem = ScreenRule & {
  labelKey: string;
  icon: LucideIcon;
  /** Operators of the installation only (super-admins, administrators of a master organization). */
  operators?: boolean;
  end?: boolean;
  /** What a Suplidor sees instead (their side of the module). */
  supplier?: { labelKey: string; icon: LucideIcon };
};

/** The sidebar of spec section 2, each screen for the roles that can use it (PRODUCT.md). */
const MAIN_ITEMS: NavItem[] = [
  { to: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: '/documents', labelKey: 'nav.documents', icon: FileText, feature: 'documents', capability: 'documents.read' },
  // Suppliers read the properties they staff.
  { to: '/properties', labelKey: 'nav.properties', icon: Building2 },
  { to: '/residents', labelKey: 'nav.residents', icon: Users, capability: 'propertyDetails.read' },
  { to: '/billing', labelKey: 'nav.billing', icon: CreditCard, feature: 'billing', capability: 'billing.read' },
  // Suppliers work their assigned requests here ("Mis trabajos").
  { to: '/maintenance', labelKey: 'nav.maintenance', icon: Wrench, feature: 'maintenance', supplier: { labelKey: 'nav.myJobs', icon: ClipboardList } },
  { to: '/amenities', labelKey: 'nav.amenities', icon: CalendarCheck, feature: 'amenities', capability: 'amenities.book' },
  { to: '/visitors', labelKey: 'nav.visitors', icon: UserCheck, feature: 'visitors', capability: 'visitors.register' },
  // The guardhouse's tablet: administrators and security staff.
  { to: '/visitors/desk', labelKey: 'nav.visitorDesk', icon: ShieldCheck, feature: 'visitors', capability: 'visitors.desk', desk: true },
];

const ADMIN_ITEMS: NavItem[] = [
  { to: '/admin/system-settings', labelKey: 'nav.systemSettings', icon: SlidersHorizontal, capability: 'settings.manage' },
  { to: '/admin/organizations', labelKey: 'nav.organizations', icon: Network, capability: 'organizations.manage' },
  { to: '/admin/mail', labelKey: 'nav.mail', icon: Mail, capability: 'queues.view', operators: true },
  { to: '/admin/status', labelKey: 'nav.systemStatus', icon: Activity, capability: 'queues.view', operators: true },
];

/** Screens reached from inside others that not every role may open (the broadcasts tab of /properties). */
const OTHER_SCREENS: ScreenRule[] = [{ to: '/properties/broadcasts', capability: 'broadcasts.read' }];

const SCREENS: ScreenRule[] = [...MAIN_ITEMS, ...ADMIN_ITEMS, ...OTHER_SCREENS];

export type ScreenAccess = 'open' | 'switchedOff' | 'forbidden';

/**
 * Whether this user may open the screen at `to` with these module switches: 'switchedOff' when
 * its module is off, 'forbidden' when the role cannot use it. Paths that are no screen of the
 * menu are open (their own pages decide). The operator check is the server's (it knows the
 * organization's type).
 */
export function screenAccess(to: string, user: Actor & { worksDesk?: boolean }, features: Branding['features']): ScreenAccess {
  const item = SCREENS.find((screen) => screen.to === to);
  if (!item) return 'open';
  if (item.feature && !features[item.feature]) return 'switchedOff';
  if (item.desk && !isAdministrator(user) && !user.worksDesk) return 'forbidden';
  return !item.capability || can(user, item.capability) ? 'open' : 'forbidden';
}

/** The items this user sees with this organization's module switches (`operator`: see /admin/mail and /admin/status). */
export function navigationFor(user: Actor & { worksDesk?: boolean }, features: Branding['features'], operator = false) {
  const shown = (item: NavItem) => screenAccess(item.to, user, features) === 'open' && (!item.operators || operator);
  const forRole = (item: NavItem) => (item.supplier && user.role === 'Suplidor' && !isAdministrator(user) ? { ...item, ...item.supplier } : item);
  return { main: MAIN_ITEMS.filter(shown).map(forRole), admin: ADMIN_ITEMS.filter(shown) };
}
