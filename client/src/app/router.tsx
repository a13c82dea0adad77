import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { userQueryOptions } from '@client/features/auth/api/get-user';
import { dashboardQueryOptions } from '@client/features/dashboard/api/get-dashboard';
import { unreadCountQueryOptions } from '@client/features/notifications/api/get-unread-count';
import { i18n } from '@client/lib/i18n';
import { queryClient } from './providers/AppProviders';
import { RedirectIfSignedIn, RequireScreen, RequireUser } from './routes/guards';
import { RouteShell } from './routes/RouteShell';

/**
 * A screen loaded on first visit, together with its translation namespaces; `preload` starts
 * that download before the screen renders (once: rendering then waits for the same promise).
 * A screen already loaded renders at once: React.lazy would suspend once anyway, and React
 * holds back the content that follows a fallback for 300 ms.
 */
const page = (load: () => Promise<{ default: ComponentType }>, ...namespaces: string[]) => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Page() {
    const [Screen] = useState(() => loaded ?? Lazy); // one kind per mount: switching would remount it
    return <Screen />;
  }
  return Object.assign(Page, { preload });
};

/** What a route starts loading when the page opens on it (see `preloadRoute`). */
type Preload = { preload: () => Promise<unknown> };
/** The routes below need a session: nothing of theirs loads for a visitor without one. */
type SignedInOnly = { signedInOnly: true };
const preloads = (Page: Preload): Preload => ({ preload: Page.preload });

/** A screen's data, asked for once the session says the user reaches screens (a member, no temporary password). */
async function prefetchForMembers(prefetch: () => Promise<void>) {
  const user = await queryClient.ensureQueryData(userQueryOptions());
  if (user?.access === 'member' && !user.mustChangePassword) await prefetch();
}

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

/** A screen of the signed-in frame, for those who may open it (`rule`: its screen in routes/screens.ts). */
const screen = (path: string, Page: ComponentType & Preload, rule = `/${path}`): RouteObject => ({
  path,
  element: (
    <RequireScreen to={rule}>
      <Page />
    </RequireScreen>
  ),
  handle: preloads(Page),
});

/** The routes of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RouteShell />,
    children: [
      { path: '/auth', element: <RedirectIfSignedIn><AuthPage /></RedirectIfSignedIn>, handle: preloads(AuthPage) },
      { path: '/terms', element: <TermsPage />, handle: preloads(TermsPage) },
      { path: '/privacy', element: <PrivacyPage />, handle: preloads(PrivacyPage) },
      // Links from emails (the token is in the fragment): no sign-in needed.
      { path: '/reset-password', element: <SetPasswordPage />, handle: preloads(SetPasswordPage) },
      { path: '/invitation', element: <SetPasswordPage />, handle: preloads(SetPasswordPage) },
      { path: '/unsubscribe', element: <UnsubscribePage />, handle: preloads(UnsubscribePage) },
      // A visitor's pass, shared by WhatsApp: no sign-in.
      { path: '/pass/:token', element: <PassPage />, handle: preloads(PassPage) },
      // A no-debt certificate's public verification (its code is printed on it).
      { path: '/verificar/:code', element: <VerifyCertificatePage />, handle: preloads(VerifyCertificatePage) },
      {
        element: <RequireUser />,
        handle: { signedInOnly: true } satisfies SignedInOnly,
        children: [
          {
            element: <AppLayout />,
            // The header's bell count is asked for beside the frame's code, not once the header renders.
            handle: {
              preload: () => {
                void prefetchForMembers(() => queryClient.prefetchQuery(unreadCountQueryOptions()));
                return AppLayout.preload();
              },
            } satisfies Preload,
            children: [
              {
                index: true,
                element: <DashboardPage />,
                // Its data is asked for too, but not waited for (the screen shows placeholders meanwhile).
                handle: {
                  preload: () => {
                    void prefetchForMembers(() => queryClient.prefetchQuery(dashboardQueryOptions()));
                    return DashboardPage.preload();
                  },
                } satisfies Preload,
              },
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
      { path: '*', element: <NotFoundPage />, handle: preloads(NotFoundPage) },
    ],
  },
];

/**
 * The page opening at `pathname`: the code of its screen (with the signed-in frame, and the
 * dashboard's data, when `signedIn`) starts downloading beside the session request, not one
 * after the other as each renders. Resolves when the code is there.
 */
export function preloadRoute(pathname: string, signedIn: boolean) {
  const loading: Array<Promise<unknown>> = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const handle = route.handle as Partial<Preload & SignedInOnly> | undefined;
    if (handle?.signedInOnly && !signedIn) break;
    if (handle?.preload) loading.push(handle.preload());
  }
  return Promise.all(loading);
}

/**
 * Declarative routing (no loaders or actions: data comes from React Query), which keeps the
 * router's share of the first download small.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
