import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { notificationsQueryKey, type Notification } from './get-notifications';

/** PATCH /api/notifications/:id: read, or unread again. */
export const markNotification = ({ id, read }: { id: number; read: boolean }) => api.patch<Notification>(`/api/notifications/${id}`, { read });

/** POST /api/notifications/read-all */
export const markAllRead = () => api.post<{ updated: number }>('/api/notifications/read-all');

/** POST /api/broadcasts/:id/read: the broadcast's notification, once its banner is dismissed. */
export const markBroadcastRead = (broadcastId: number) => api.post<{ updated: number }>(`/api/broadcasts/${broadcastId}/read`);

function useInboxMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey() }) });
}

export const useMarkNotification = () => useInboxMutation(markNotification);
export const useMarkAllRead = () => useInboxMutation(markAllRead);
export const useMarkBroadcastRead = () => useInboxMutation(markBroadcastRead);
