import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { i18n } from '@client/lib/i18n';
import { RedirectIfSignedIn, RequireScreen, RequireUser } from './routes/guards';
import { RouteShell } from './routes/RouteShell';

/** A screen loaded on first visit, together with its translation namespaces. */
const page = (load: () => Promise<{ default: ComponentType }>, ...namespaces: string[]) =>
  lazy(async () => (await Promise.all([load(), i18n.loadNamespaces(namespaces)]))[0]);

// Every screen is its own chunk; /auth loads neither the layout nor the signed-in screens.
const AppLayout = page(() => import('./layout/AppLayout'));
const AuthPage = page(() => import('@client/features/auth/pages/AuthPage'), 'auth');
const TermsPage = page(() => import('@client/features/legal/pages/TermsPage'), 'legal');
const PrivacyPage = page(() => import('@client/features/legal/pages/PrivacyPage'), 'legal');
const NotFoundPage = page(() => import('./routes/NotFoundPage'));
const DashboardPage = page(() => import('@client/features/dashboard/pages/DashboardPage'), 'dashboard');
const DocumentsPage = page(() => import('@client/features/documents/pages/DocumentsPage'), 'documents');
const PropertiesPage = page(() => import('@client/features/properties/pages/PropertiesPage'), 'properties', 'billing');
const BroadcastsPage = page(() => import('@client/features/broadcasts/pages/BroadcastsPage'), 'broadcasts', 'properties');
const ResidentsPage = page(() => import('@client/features/residents/pages/ResidentsPage'), 'residents');
const BillingPage = page(() => import('@client/features/billing/pages/BillingPage'), 'billing', 'residents');
const MaintenancePage = page(() => import('@client/features/maintenance/pages/MaintenancePage'), 'maintenance', 'residents');
const MaintenanceDetailPage = page(() => import('@client/features/maintenance/pages/MaintenanceDetailPage'), 'maintenance');
const AmenitiesPage = page(() => import('@client/features/amenities/pages/AmenitiesPage'), 'amenities');
const VisitorsPage = page(() => import('@client/features/visitors/pages/VisitorsPage'), 'visitors', 'residents');
const DeskPage = page(() => import('@client/features/visitors/pages/DeskPage'), 'visitors');
const PassPage = page(() => import('@client/features/visitors/pages/PassPage'), 'visitors');
const SettingsPage = page(() => import('@client/features/settings/pages/SettingsPage'), 'settings', 'auth', 'billing');
const SystemSettingsPage = page(() => import('@client/features/system-settings/pages/SystemSettingsPage'), 'systemSettings', 'maintenance', 'visitors');
const OrganizationsPage = page(() => import('@client/features/organizations/pages/OrganizationsPage'), 'organizations');
const NotificationsPage = page(() => import('@client/features/notifications/pages/NotificationsPage'), 'notifications');
const SetPasswordPage = page(() => import('@client/features/auth/pages/SetPasswordPage'), 'auth');
const UnsubscribePage = page(() => import('@client/features/notifications/pages/UnsubscribePage'), 'notifications', 'settings');
const MailPage = page(() => import('@client/features/notifications/pages/MailPage'), 'notifications');
const VerifyCertificatePage = page(() => import('@client/features/billing/pages/VerifyCertificatePage'), 'billing');
const SystemStatusPage = page(() => import('@client/features/operators/pages/SystemStatusPage'), 'operators');

/** A screen of the signed-in frame, for those who may open it (`rule`: its screen in layout/navigation.ts). */
const screen = (path: string, Page: ComponentType, rule = `/${path}`): RouteObject => ({
  path,
  element: (
    <RequireScreen to={rule}>
      <Page />
    </RequireScreen>
  ),
});

/** The routes of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RouteShell />,
    children: [
      { path: '/auth', element: <RedirectIfSignedIn><AuthPage /></RedirectIfSignedIn> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      // Links from emails (the token is in the fragment): no sign-in needed.
      { path: '/reset-password', element: <SetPasswordPage /> },
      { path: '/invitation', element: <SetPasswordPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      // A visitor's pass, shared by WhatsApp: no sign-in.
      { path: '/pass/:token', element: <PassPage /> },
      // A no-debt certificate's public verification (its code is printed on it).
      { path: '/verificar/:code', element: <VerifyCertificatePage /> },
      {
        element: <RequireUser />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <DashboardPage /> },
              screen('documents', DocumentsPage),
              screen('properties', PropertiesPage),
              screen('properties/broadcasts', BroadcastsPage),
              screen('residents', ResidentsPage),
              screen('billing', BillingPage),
              screen('maintenance', MaintenancePage),
              screen('maintenance/:id', MaintenanceDetailPage, '/maintenance'),
              screen('amenities', AmenitiesPage),
              screen('visitors', VisitorsPage),
              screen('visitors/desk', DeskPage),
              screen('settings', SettingsPage),
              screen('notifications', NotificationsPage),
              screen('admin/system-settings', SystemSettingsPage),
              screen('admin/organizations', OrganizationsPage),
              screen('admin/mail', MailPage),
              screen('admin/status', SystemStatusPage),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (no loaders or actions: data comes from React Query), which keeps the
 * router's share of the first download small.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
