import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userQueryKey } from '@client/lib/auth';
import { Toaster } from '@client/components/toast/Toaster';
import { dismissFailureToast } from '@client/components/toast/toast';
import { createQueryClient } from '@client/lib/query-client';
import { BrandingEffects } from './BrandingEffects';
import { SessionLanguage } from './SessionLanguage';

/**
 * The app's data cache, one per page load: the entry (main.tsx) starts filling it before React
 * renders. A 401 anywhere means the session is over: the protected routes then go to /auth.
 * A change that succeeds makes the notice of an earlier failed attempt obsolete.
 */
export const queryClient = createQueryClient({
  onUnauthorized: () => queryClient.setQueryData(userQueryKey(), null),
  onMutationSuccess: dismissFailureToast,
});

/** Everything the screens rely on: data cache, branding, the user's language, notices. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingEffects />
      <SessionLanguage />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
