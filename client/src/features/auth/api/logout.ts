import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { endSession } from './session';

/** POST /api/logout */
export const logout = () => api.post<{ success: true }>('/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => endSession(queryClient) });
}
