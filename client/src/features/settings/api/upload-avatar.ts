import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey, type User } from '@client/lib/auth';
import { api } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 1024 * 1024;

export type AvatarUpload = { fileType: (typeof AVATAR_TYPES)[number]; content: string };

/** PUT /api/user/avatar with the photo as base64 (the server checks type, size and bytes too). */
export const uploadAvatar = (input: AvatarUpload) => api.put<User>('/api/user/avatar', input);

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => uploadAvatar({ fileType: file.type as AvatarUpload['fileType'], content: await readAsBase64(file) }),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(), user),
  });
}
