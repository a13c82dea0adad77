import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQueryKey, toBranding } from '@client/lib/branding';
import { api } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import type { LogoUploadInput, SystemSettings } from '@shared/schemas/settings';
import { systemSettingsQueryKey } from './get-system-settings';

/** PUT /api/settings/logo with the image as base64 (the server checks its bytes). */
export const uploadLogo = (input: LogoUploadInput) => api.put<SystemSettings>('/api/settings/logo', input);

/** DELETE /api/settings/logo: back to the organization's initials. */
export const removeLogo = () => api.delete<SystemSettings>('/api/settings/logo');

/** The answer is the new branding: the settings screen and the header follow at once. */
function useApplySettings() {
  const queryClient = useQueryClient();
  return (settings: SystemSettings) => {
    queryClient.setQueryData(systemSettingsQueryKey(), settings);
    queryClient.setQueryData(brandingQueryKey(), toBranding(settings));
  };
}

export function useUploadLogo() {
  const apply = useApplySettings();
  return useMutation({
    mutationFn: async (file: File) => uploadLogo({ fileName: file.name, fileType: file.type as LogoUploadInput['fileType'], content: await readAsBase64(file) }),
    onSuccess: apply,
  });
}

export function useRemoveLogo() {
  const apply = useApplySettings();
  return useMutation({ mutationFn: removeLogo, onSuccess: apply });
}
