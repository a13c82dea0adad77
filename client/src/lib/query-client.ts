import { MutationCache, QueryCache, QueryClient, type MutationFunction } from '@tanstack/react-query';
import { isApiError } from './api';

/**
 * React Query with the spec's defaults: nothing is retried, nothing refetches on a timer or on
 * window focus, and cached data never goes stale by itself. Data is refreshed by invalidation
 * (after a mutation, on a live event, on every socket reconnect).
 * A 401 from any call means the session ended: `onUnauthorized` sends the app to sign-in.
 * `onMutationSuccess` runs after every successful change, before the change's own callbacks.
 */
export function createQueryClient(options: { onUnauthorized?: () => void; onMutationSuccess?: () => void } = {}) {
  const onError = (error: unknown) => {
    if (isApiError(error, 401)) options.onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError, onSuccess: () => options.onMutationSuccess?.() }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/**
 * A change run through the app's mutation cache without `useMutation`, for the sign-in page
 * (its form and language menu): `useMutation`'s observer is 1.5 KB (gzip) of that first load.
 * The cache's rules apply all the same (a 401 ends the session, a success closes the notice of
 * an earlier failure, no retry); resolves with the answer, rejects with the error.
 */
export function runMutation<TData, TVariables>(queryClient: QueryClient, mutationFn: MutationFunction<TData, TVariables>, variables: TVariables): Promise<TData> {
  return queryClient.getMutationCache().build<TData, Error, TVariables, unknown>(queryClient, { mutationFn }).execute(variables);
}
