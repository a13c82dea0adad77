import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { pauseLiveConnection, resumeLiveConnection } from '@client/lib/socket';
import { endSession } from '@client/lib/session';

/** POST /api/logout */
export const logout = () => api.post<{ success: true }>('/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onMutate: pauseLiveConnection,
    onError: resumeLiveConnection,
    onSuccess: () => endSession(queryClient),
  });
}
