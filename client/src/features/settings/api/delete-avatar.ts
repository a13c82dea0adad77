import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey, type User } from '@client/lib/auth';
import { api } from '@client/lib/api';

/** DELETE /api/user/avatar */
export const deleteAvatar = () => api.delete<User>('/api/user/avatar');

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(), user),
  });
}
