import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@client/lib/api';
import { messageText, type Language } from '@shared/messages';
import { organizationsQueryKey } from './get-organizations';

/** DELETE /api/organizations/:id: refused (409) while it has child organizations, users or properties. */
export const deleteOrganization = (id: number) => api.delete<{ success: true }>(`/api/organizations/${id}`);

/**
 * Why a delete failed (spec section 8): the `error` field of the server's answer (a sentence in
 * Spanish on this route), else "Error al eliminar la organización".
 */
export function deleteErrorText(error: unknown, language: Language): string {
  const reason = error instanceof ApiError ? error.body?.error : undefined;
  return reason || messageText('organization_delete_failed', language);
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey() }),
  });
}
