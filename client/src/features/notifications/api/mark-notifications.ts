import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { notificationsQueryKey, type Notification } from './get-notifications';

/** PATCH /api/notifications/:id: read, or unread again. */
export const markNotification = ({ id, read }: { id: number; read: boolean }) => api.patch<Notification>(`/api/notifications/${id}`, { read });

/** POST /api/notifications/read-all */
export const markAllRead = () => api.post<{ updated: number }>('/api/notifications/read-all');

function useInboxMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey() }) });
}

export const useMarkNotification = () => useInboxMutation(markNotification);
export const useMarkAllRead = () => useInboxMutation(markAllRead);
