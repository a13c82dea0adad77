import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { Toaster } from '@client/components/toast/Toaster';
import { dismissFailureToast } from '@client/components/toast/toast';
import { createQueryClient } from '@client/lib/query-client';
import { BrandingEffects } from './BrandingEffects';
import { SessionLanguage } from './SessionLanguage';

/** Everything the screens rely on: data cache, branding, the user's language, notices. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    // A 401 anywhere means the session is over: the protected routes then go to /auth.
    // A change that succeeds makes the notice of an earlier failed attempt obsolete.
    const client = createQueryClient({
      onUnauthorized: () => client.setQueryData(userQueryKey(), null),
      onMutationSuccess: dismissFailureToast,
    });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrandingEffects />
      <SessionLanguage />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
