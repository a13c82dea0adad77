import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@client/lib/session';
import { api } from '@client/lib/api';

/** DELETE /api/user with the password (refused for the last Administrador of an organization). */
export const deleteAccount = (input: { password: string }) => api.delete<{ success: true }>('/api/user', input);

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => endSession(queryClient) });
}
