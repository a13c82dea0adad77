import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey, type User } from '@client/lib/auth';
import { api } from '@client/lib/api';
import type { PreferencesUpdateInput } from '@shared/schemas/auth';

/** PUT /api/user/preferences: any of language, notifications, privacy (partial). */
export const updatePreferences = (input: PreferencesUpdateInput) => api.put<User>('/api/user/preferences', input);

/**
 * Saves the preferences and the session's user follows. The settings form runs it as a
 * mutation (use-update-preferences.ts, a file of its own), the language menu that the sign-in
 * page shows too through `runMutation` (lib/query-client.ts), without `useMutation`'s code.
 */
export async function savePreferences(queryClient: QueryClient, input: PreferencesUpdateInput) {
  const user = await updatePreferences(input);
  queryClient.setQueryData(userQueryKey(), user);
  return user;
}
