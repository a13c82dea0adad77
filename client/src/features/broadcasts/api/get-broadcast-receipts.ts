import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { BroadcastReceipt } from '@shared/schemas/notifications';
import { notificationsQueryKey } from '@client/lib/query-keys';

/** GET /api/broadcasts/receipts?propertyId=: how many recipients read each broadcast (administrators). */
export const useBroadcastReceipts = (propertyId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...notificationsQueryKey(), 'receipts', propertyId],
    queryFn: () => api.get<BroadcastReceipt[]>(`/api/broadcasts/receipts?propertyId=${propertyId}`),
    enabled,
    select: (rows) => new Map(rows.map((row) => [row.broadcastId, row])),
  });
