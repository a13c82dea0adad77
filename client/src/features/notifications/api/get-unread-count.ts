import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { notificationsQueryKey } from './get-notifications';

/** GET /api/notifications/unread-count: the number on the bell. */
export const getUnreadCount = () => api.get<{ unread: number }>('/api/notifications/unread-count');

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: [...notificationsQueryKey(), 'unread'], queryFn: getUnreadCount, select: (data) => data.unread });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
