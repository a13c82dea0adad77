import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { i18n } from '@client/lib/i18n';
import { RedirectIfSignedIn, RequireAdministrator, RequireFeature, RequireUser } from './routes/guards';
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
const PropertiesPage = page(() => import('@client/features/properties/pages/PropertiesPage'), 'properties');
const BroadcastsPage = page(() => import('@client/features/broadcasts/pages/BroadcastsPage'), 'broadcasts', 'properties');
const ResidentsPage = page(() => import('@client/features/residents/pages/ResidentsPage'), 'residents');
const BillingPage = page(() => import('@client/features/billing/pages/BillingPage'), 'billing');
const MaintenancePage = page(() => import('@client/features/maintenance/pages/MaintenancePage'), 'maintenance');
const AmenitiesPage = page(() => import('@client/features/amenities/pages/AmenitiesPage'), 'amenities');
const VisitorsPage = page(() => import('@client/features/visitors/pages/VisitorsPage'), 'visitors');
const SettingsPage = page(() => import('@client/features/settings/pages/SettingsPage'), 'settings', 'auth');
const SystemSettingsPage = page(() => import('@client/features/system-settings/pages/SystemSettingsPage'), 'systemSettings');
const OrganizationsPage = page(() => import('@client/features/organizations/pages/OrganizationsPage'), 'organizations');

/** The routes of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RouteShell />,
    children: [
      { path: '/auth', element: <RedirectIfSignedIn><AuthPage /></RedirectIfSignedIn> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      {
        element: <RequireUser />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: 'documents', element: <RequireFeature feature="documents"><DocumentsPage /></RequireFeature> },
              { path: 'properties', element: <PropertiesPage /> },
              { path: 'properties/broadcasts', element: <BroadcastsPage /> },
              { path: 'residents', element: <ResidentsPage /> },
              { path: 'billing', element: <RequireFeature feature="billing"><BillingPage /></RequireFeature> },
              { path: 'maintenance', element: <RequireFeature feature="maintenance"><MaintenancePage /></RequireFeature> },
              { path: 'amenities', element: <RequireFeature feature="amenities"><AmenitiesPage /></RequireFeature> },
              { path: 'visitors', element: <RequireFeature feature="visitors"><VisitorsPage /></RequireFeature> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'admin/system-settings', element: <RequireAdministrator><SystemSettingsPage /></RequireAdministrator> },
              { path: 'admin/organizations', element: <OrganizationsPage /> },
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
