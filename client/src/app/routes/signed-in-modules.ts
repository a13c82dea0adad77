import type { ComponentType } from 'react';

/**
 * The signed-in frame's and screens' modules (shared/screens.ts) by their path under
 * client/src/, each loaded when its path first opens (router.tsx). Only those: a page that a
 * screen of routes/screens/ wraps (the dashboard, the sign-in page...) stays in its screen's
 * file instead of being a file of its own that the screen then asks for, and the pages reached
 * otherwise (sign-in, legal, a visitor's pass...) are not listed to every visitor's first load.
 * tests/unit/screens.test.ts checks that this is exactly the modules shared/screens.ts names.
 */
export const signedInModules = import.meta.glob<{ default: ComponentType }>(
  [
    './app/layout/AppLayout.tsx',
    './app/routes/screens/*.tsx',
    './features/*/pages/*.tsx',
    // Finances' parts (features/finances/<part>/pages).
    './features/*/*/pages/*.tsx',
    // The sign-in page and the public pages: routes of their own in router.tsx.
    '!./app/routes/screens/AuthScreen.tsx',
    '!./features/auth/pages/*.tsx',
    '!./features/legal/pages/*.tsx',
    '!./features/join-requests/pages/AwaitingApprovalPage.tsx',
    '!./features/billing/pages/VerifyCertificatePage.tsx',
    '!./features/notifications/pages/UnsubscribePage.tsx',
    '!./features/visitors/pages/PassPage.tsx',
    // Wrapped by a screen of routes/screens/.
    '!./features/dashboard/pages/DashboardPage.tsx',
    '!./features/properties/pages/PropertiesPage.tsx',
    '!./features/residents/pages/ResidentsPage.tsx',
    '!./features/settings/pages/SettingsPage.tsx',
    '!./features/system-settings/pages/SystemSettingsPage.tsx',
  ],
  { base: '../../' },
);

/** The loader of a module of shared/screens.ts ('app/layout/AppLayout', 'features/documents/pages/DocumentsPage'...). */
export function signedInModule(module: string) {
  const load = signedInModules[`./${module}.tsx`];
  if (!load) throw new Error(`${module}: not among the signed-in modules (client/src/app/routes/signed-in-modules.ts)`);
  return load;
}
