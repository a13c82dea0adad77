import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { userQueryKey } from '@client/lib/auth';

/** `currentPassword` is left out right after signing in with a temporary password. */
export type PasswordChangeInput = { currentPassword?: string; newPassword: string };

/** PUT /api/user/password (other signed-in browsers are signed out by the server). */
export const changePassword = (input: PasswordChangeInput) => api.put<{ success: true }>('/api/user/password', input);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A temporary password is no longer in force: reload the user (mustChangePassword).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey() }),
  });
}
