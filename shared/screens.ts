/**
 * The signed-in screens: each path and the client module (under client/src/) that draws it.
 * The router loads a screen's module when its path opens (client/src/app/router.tsx), and the
 * server names the module's files in the page it sends a visitor who may be signed in
 * (server/firstLoad.ts), so they download beside the main bundle rather than after it.
 */
export type SignedInScreen = {
  path: string;
  module: string;
  /** Its translation namespaces (client/src/locales/<language>/<namespace>.json). */
  namespaces: string[];
  /** The path whose access rule applies (client/src/app/routes/screens.ts), when not its own. */
  rule?: string;
};

/** The frame around every signed-in screen (header, menu). */
export const SIGNED_IN_FRAME = 'app/layout/AppLayout';

export const SIGNED_IN_SCREENS: SignedInScreen[] = [
  { path: '/', module: 'app/routes/screens/HomeScreen', namespaces: ['dashboard'] },
  { path: '/documents', module: 'features/documents/pages/DocumentsPage', namespaces: ['documents'] },
  { path: '/properties', module: 'app/routes/screens/PropertiesScreen', namespaces: ['properties', 'billing'] },
  { path: '/properties/broadcasts', module: 'features/broadcasts/pages/BroadcastsPage', namespaces: ['broadcasts', 'properties'] },
  // The import wizard (docs/modules/onboarding.md), linked from the properties, units and residents screens.
  { path: '/import', module: 'features/onboarding/pages/ImportPage', namespaces: ['onboarding'] },
  { path: '/residents', module: 'app/routes/screens/ResidentsScreen', namespaces: ['residents'] },
  { path: '/billing', module: 'features/billing/pages/BillingPage', namespaces: ['billing', 'residents'] },
  { path: '/finances/conciliacion', module: 'features/finances/bank/pages/ReconciliationPage', namespaces: ['financesBank', 'finances'], rule: '/finances' },
  // Finances (docs/modules/finances.md): each section its own route under /finances, with the tab bar FinancesNav.
  { path: '/finances', module: 'features/finances/pages/FinancesSummaryPage', namespaces: ['finances'] },
  { path: '/finances/gastos', module: 'features/finances/pages/ExpensesPage', namespaces: ['finances'], rule: '/finances' },
  { path: '/finances/gastos/:id', module: 'features/finances/pages/ExpenseDetailPage', namespaces: ['finances'], rule: '/finances' },
  { path: '/finances/suplidores', module: 'features/finances/pages/SuppliersPage', namespaces: ['finances'], rule: '/finances' },
  { path: '/finances/fondos', module: 'features/finances/pages/FundsPage', namespaces: ['finances'], rule: '/finances' },
  { path: '/maintenance', module: 'features/maintenance/pages/MaintenancePage', namespaces: ['maintenance', 'residents'] },
  { path: '/maintenance/:id', module: 'features/maintenance/pages/MaintenanceDetailPage', namespaces: ['maintenance'], rule: '/maintenance' },
  { path: '/assemblies', module: 'features/assemblies/pages/AssembliesPage', namespaces: ['assemblies'] },
  { path: '/assemblies/:id', module: 'features/assemblies/pages/AssemblyDetailPage', namespaces: ['assemblies'], rule: '/assemblies' },
  { path: '/assemblies/:id/sala', module: 'features/assemblies/pages/AssemblyRoomPage', namespaces: ['assemblies'], rule: '/assemblies' },
  { path: '/amenities', module: 'features/amenities/pages/AmenitiesPage', namespaces: ['amenities'] },
  { path: '/visitors', module: 'features/visitors/pages/VisitorsPage', namespaces: ['visitors', 'residents'] },
  { path: '/visitors/desk', module: 'features/visitors/pages/DeskPage', namespaces: ['visitors'] },
  { path: '/packages', module: 'features/packages/pages/PackagesPage', namespaces: ['packages'] },
  { path: '/packages/desk', module: 'features/packages/pages/DeskPackagesPage', namespaces: ['packages'] },
  { path: '/settings', module: 'app/routes/screens/SettingsScreen', namespaces: ['settings', 'password', 'billing'] },
  { path: '/notifications', module: 'features/notifications/pages/NotificationsPage', namespaces: ['notifications'] },
  { path: '/admin/system-settings', module: 'app/routes/screens/SystemSettingsScreen', namespaces: ['systemSettings', 'maintenance', 'visitors', 'onboarding'] },
  { path: '/admin/organizations', module: 'features/organizations/pages/OrganizationsPage', namespaces: ['organizations'] },
  { path: '/admin/mail', module: 'features/notifications/pages/MailPage', namespaces: ['notifications'] },
  { path: '/admin/status', module: 'features/operators/pages/SystemStatusPage', namespaces: ['operators'] },
  { path: '/finances/presupuesto', module: 'features/finances/close/pages/BudgetPage', namespaces: ['financesClose', 'finances'] },
  { path: '/finances/estados', module: 'features/finances/statements/pages/StatementsPage', namespaces: ['financesStatements', 'finances'], rule: '/finances' },
  { path: '/finances/cierre', module: 'features/finances/close/pages/ClosePage', namespaces: ['financesClose', 'finances'] },
  { path: '/finances/reportes', module: 'features/finances/close/pages/ReportsPage', namespaces: ['financesClose', 'finances'] },
  { path: '/finances/recurrentes', module: 'features/finances/recurring/pages/RecurringPage', namespaces: ['finances', 'financesClose'], rule: '/finances' },
];

/** The signed-in screen at `pathname` (a `:name` segment takes any one segment), if any. */
export function signedInScreenAt(pathname: string): SignedInScreen | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return SIGNED_IN_SCREENS.find(({ path }) => {
    const pattern = path.split('/').filter(Boolean);
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i]);
  });
}
