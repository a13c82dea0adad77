import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey, type User } from '@client/lib/auth';
import { api } from '@client/lib/api';
import type { PreferencesUpdateInput } from '@shared/schemas/auth';

/** PUT /api/user/preferences: any of language, notifications, privacy (partial). */
export const updatePreferences = (input: PreferencesUpdateInput) => api.put<User>('/api/user/preferences', input);

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(), user),
  });
}
