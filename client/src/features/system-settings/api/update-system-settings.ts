import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQueryKey, toBranding } from '@client/lib/branding';
import { api } from '@client/lib/api';
import type { SettingsUpdateInput, SystemSettings } from '@shared/schemas/settings';
import { systemSettingsQueryKey } from './get-system-settings';

/** PUT /api/settings: any part of the settings (each tab sends its own); answers them all. */
export const updateSystemSettings = (input: SettingsUpdateInput) => api.put<SystemSettings>('/api/settings', input);

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    // The answer is the new branding: this screen and the whole interface follow at once
    // (other open clients hear `settings.updated`).
    onSuccess: (settings) => {
      queryClient.setQueryData(systemSettingsQueryKey(), settings);
      queryClient.setQueryData(brandingQueryKey(), toBranding(settings));
    },
  });
}
