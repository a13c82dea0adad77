import {
  Activity,
  Building2,
  CalendarCheck,
  ClipboardList,
  CreditCard,
  FileText,
  Landmark,
  LayoutDashboard,
  Mail,
  Megaphone,
  Network,
  Package,
  PackageCheck,
  ShieldCheck,
  SlidersHorizontal,
  UserCheck,
  Users,
  Vote,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { isAdministrator } from '@shared/permissions';
import type { Branding } from '@shared/branding';
import { screenAccess, type ScreenUser } from '@client/lib/screens';

export type NavItem = {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  end?: boolean;
  /** What a Suplidor sees instead (their side of the module). */
  supplier?: { labelKey: string; icon: LucideIcon };
};

/** The sidebar of spec section 2; who sees each screen is routes/screens.ts's rule. */
const MAIN_ITEMS: NavItem[] = [
  { to: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: '/documents', labelKey: 'nav.documents', icon: FileText },
  // Suppliers read the properties they staff. `end` here and on /visitors: the notices and the
  // desk below have entries of their own.
  { to: '/properties', labelKey: 'nav.properties', icon: Building2, end: true },
  { to: '/properties/broadcasts', labelKey: 'nav.broadcasts', icon: Megaphone },
  { to: '/residents', labelKey: 'nav.residents', icon: Users },
  { to: '/billing', labelKey: 'nav.billing', icon: CreditCard },
  { to: '/finances', labelKey: 'nav.finances', icon: Landmark },
  { to: '/maintenance', labelKey: 'nav.maintenance', icon: Wrench, supplier: { labelKey: 'nav.myJobs', icon: ClipboardList } },
  { to: '/assemblies', labelKey: 'nav.assemblies', icon: Vote },
  { to: '/amenities', labelKey: 'nav.amenities', icon: CalendarCheck },
  { to: '/visitors', labelKey: 'nav.visitors', icon: UserCheck, end: true },
  { to: '/visitors/desk', labelKey: 'nav.visitorDesk', icon: ShieldCheck },
  { to: '/packages', labelKey: 'nav.packages', icon: Package, end: true },
  { to: '/packages/desk', labelKey: 'nav.packageDesk', icon: PackageCheck },
];

const ADMIN_ITEMS: NavItem[] = [
  { to: '/admin/system-settings', labelKey: 'nav.systemSettings', icon: SlidersHorizontal },
  { to: '/admin/organizations', labelKey: 'nav.organizations', icon: Network },
  { to: '/admin/mail', labelKey: 'nav.mail', icon: Mail },
  { to: '/admin/status', labelKey: 'nav.systemStatus', icon: Activity },
];

/** The items this user sees with this organization's module switches. */
export function navigationFor(user: ScreenUser, features: Branding['features']) {
  const shown = (item: NavItem) => screenAccess(item.to, user, features) === 'open';
  const forRole = (item: NavItem) => (item.supplier && user.role === 'Suplidor' && !isAdministrator(user) ? { ...item, ...item.supplier } : item);
  return { main: MAIN_ITEMS.filter(shown).map(forRole), admin: ADMIN_ITEMS.filter(shown) };
}
