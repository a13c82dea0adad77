import type { QueryClient } from '@tanstack/react-query';
import { brandingQueryKey } from './branding';
import { userQueryKey, type User } from './auth';

/**
 * After sign-in or registration: the answer is the current user; the branding is the one of
 * their organization now. After sign-out: nothing of the previous user stays cached.
 */
export function startSession(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(userQueryKey(), user);
  void queryClient.invalidateQueries({ queryKey: brandingQueryKey() });
}

export function endSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey()[0] });
  queryClient.setQueryData(userQueryKey(), null);
}
