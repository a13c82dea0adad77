import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesUpdateInput } from '@shared/schemas/auth';
import { savePreferences } from './update-preferences';

/** The settings form's save of the preferences (update-preferences.ts), with its state. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: PreferencesUpdateInput) => savePreferences(queryClient, input) });
}
