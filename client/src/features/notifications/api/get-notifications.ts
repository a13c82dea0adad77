import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { NotificationView } from '@shared/schemas/notifications';
import { notificationsQueryKey } from '@client/lib/query-keys';

export type Notification = NotificationView;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export type NotificationFilters = { unread: boolean; page: number; pageSize?: number };

/** GET /api/notifications: one page of the inbox, newest first, with the total and the unread count. */
export async function getNotifications({ unread, page, pageSize = NOTIFICATIONS_PAGE_SIZE }: NotificationFilters) {
  const { items, total, headers } = await api.page<Notification>(
    withQuery('/api/notifications', { unread: unread || undefined, limit: pageSize, offset: (page - 1) * pageSize }),
  );
  return { items, total, unread: Number(headers?.get('X-Unread-Count') ?? 0) };
}

export const notificationListQueryOptions = (filters: NotificationFilters) =>
  queryOptions({
    queryKey: [...notificationsQueryKey(), 'list', filters],
    queryFn: () => getNotifications(filters),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (filters: NotificationFilters, enabled = true) =>
  useQuery({ ...notificationListQueryOptions(filters), enabled });

export { notificationsQueryKey };
