import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { userQueryOptions } from '@client/lib/auth';
import { dashboardQueryOptions } from '@client/features/dashboard/api/get-dashboard';
import { unreadCountQueryOptions } from '@client/features/notifications/api/get-unread-count';
import { FRAME_NAMESPACE, i18n } from '@client/lib/i18n';
import { queryClient } from './providers/AppProviders';
import { RedirectIfSignedIn, RequireScreen, RequireUser } from './routes/guards';
import { RouteShell } from './routes/RouteShell';
import { signedInModule } from './routes/signed-in-modules';
import { SIGNED_IN_FRAME, SIGNED_IN_SCREENS, type SignedInScreen } from '@shared/screens';

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

/** A screen's data, asked for once the session says the user reaches screens (a member, no temporary password). */
async function prefetchForMembers(prefetch: () => Promise<void>) {
  const user = await queryClient.ensureQueryData(userQueryOptions());
  if (user?.access === 'member' && !user.mustChangePassword) await prefetch();
}

/** A route's code, with the `data` its screen shows asked for beside it (not waited for: placeholders show meanwhile). */
const preloads = (Page: Preload, data?: () => Promise<void>): Preload => ({
  preload: () => {
    if (data) void prefetchForMembers(data);
    return Page.preload();
  },
});

// Every screen is its own chunk; /auth loads neither the layout nor the signed-in screens.
const AppLayout = page(signedInModule(SIGNED_IN_FRAME), FRAME_NAMESPACE);
const AuthPage = page(() => import('./routes/screens/AuthScreen'), 'auth');
const TermsPage = page(() => import('@client/features/legal/pages/TermsPage'), 'legal');
const PrivacyPage = page(() => import('@client/features/legal/pages/PrivacyPage'), 'legal');
const NotFoundPage = page(() => import('./routes/NotFoundPage'));
const PassPage = page(() => import('@client/features/visitors/pages/PassPage'), 'visitors');
const SetPasswordPage = page(() => import('@client/features/auth/pages/SetPasswordPage'), 'password');
const UnsubscribePage = page(() => import('@client/features/notifications/pages/UnsubscribePage'), 'notifications', 'settings');
const VerifyCertificatePage = page(() => import('@client/features/billing/pages/VerifyCertificatePage'), 'billing');

/** A screen's data asked for with its code. */
const SCREEN_DATA: Partial<Record<string, () => Promise<void>>> = {
  '/': () => queryClient.prefetchQuery(dashboardQueryOptions()),
};

/** A screen of the signed-in frame, for those who may open it (its rule: routes/screens.ts). */
function screen({ path, module, namespaces, rule = path }: SignedInScreen): RouteObject {
  const Page = page(signedInModule(module), ...namespaces);
  return {
    path,
    element: (
      <RequireScreen to={rule}>
        <Page />
      </RequireScreen>
    ),
    handle: preloads(Page, SCREEN_DATA[path]),
  };
}

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
      { path: '/verificar', element: <VerifyCertificatePage />, handle: preloads(VerifyCertificatePage) },
      { path: '/verificar/:code', element: <VerifyCertificatePage />, handle: preloads(VerifyCertificatePage) },
      {
        element: <RequireUser />,
        handle: { signedInOnly: true } satisfies SignedInOnly,
        children: [
          {
            element: <AppLayout />,
            // The header's bell count is asked for beside the frame's code, not once the header renders.
            handle: preloads(AppLayout, () => queryClient.prefetchQuery(unreadCountQueryOptions())),
            children: SIGNED_IN_SCREENS.map(screen),
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
