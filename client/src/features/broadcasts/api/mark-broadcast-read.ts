import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { notificationsQueryKey } from '@client/lib/query-keys';

/** POST /api/broadcasts/:id/read: the broadcast's notification, once its banner is dismissed. */
export const markBroadcastRead = (broadcastId: number) => api.post<{ updated: number }>(`/api/broadcasts/${broadcastId}/read`);

/** The inbox (bell, lists) refreshes once the broadcast's notification is read. */
export function useMarkBroadcastRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markBroadcastRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey() }) });
}
