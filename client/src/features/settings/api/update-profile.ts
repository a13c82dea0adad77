import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey, type User } from '@client/lib/auth';
import { api } from '@client/lib/api';
import type { ProfileUpdateInput } from '@shared/schemas/auth';

/** PUT /api/user/profile */
export const updateProfile = (input: ProfileUpdateInput) => api.put<User>('/api/user/profile', input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(), user),
  });
}
