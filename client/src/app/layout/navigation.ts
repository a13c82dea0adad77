import {
  Building2,
  CalendarCheck,
  CreditCard,
  FileText,
  LayoutDashboard,
  Network,
  SlidersHorizontal,
  UserCheck,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { isAdministrator, type Actor } from '@shared/permissions';
import type { Branding, FeatureName } from '@shared/schemas/settings';

export type NavItem = { to: string; labelKey: string; icon: LucideIcon; feature?: FeatureName; end?: boolean };

/** The sidebar of spec section 2: modules that can be switched off name their feature. */
const MAIN_ITEMS: NavItem[] = [
  { to: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: '/documents', labelKey: 'nav.documents', icon: FileText, feature: 'documents' },
  { to: '/properties', labelKey: 'nav.properties', icon: Building2 },
  { to: '/residents', labelKey: 'nav.residents', icon: Users },
  { to: '/billing', labelKey: 'nav.billing', icon: CreditCard, feature: 'billing' },
  { to: '/maintenance', labelKey: 'nav.maintenance', icon: Wrench, feature: 'maintenance' },
  { to: '/amenities', labelKey: 'nav.amenities', icon: CalendarCheck, feature: 'amenities' },
  { to: '/visitors', labelKey: 'nav.visitors', icon: UserCheck, feature: 'visitors' },
];

const ADMIN_ITEMS: NavItem[] = [
  { to: '/admin/system-settings', labelKey: 'nav.systemSettings', icon: SlidersHorizontal },
  { to: '/admin/organizations', labelKey: 'nav.organizations', icon: Network },
];

/** The items this user sees with this organization's module switches. */
export function navigationFor(user: Actor, features: Branding['features']) {
  return {
    main: MAIN_ITEMS.filter((item) => !item.feature || features[item.feature]),
    admin: isAdministrator(user) ? ADMIN_ITEMS : [],
  };
}
