import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys that more than one feature reads or refreshes: a change made in one screen
 * refreshes what another shows under the same key (React Query matches keys by prefix).
 */

/** GET /api/dashboard: the counts and the activity feed. */
export const dashboardQueryKey = () => ['dashboard'] as const;

/** Every property list, detail, and what the Manage dialog loads of a property (units, amenities, users). */
export const propertiesQueryKey = () => ['properties'] as const;

/** One property and what lives under it. */
export const propertyQueryKey = (id: number) => [...propertiesQueryKey(), 'detail', id] as const;

/** A property's units (lists, the shares' total). */
export const unitsQueryKey = (propertyId: number) => [...propertyQueryKey(propertyId), 'units'] as const;

/** GET /api/transfer-accounts: where to pay (the transfer dialog, the resident's home, Settings > Cobros). */
export const transferAccountsQueryKey = () => ['transfer-accounts'] as const;

/** Every inbox query (lists, the bell's count, broadcast receipts): live events invalidate it. */
export const notificationsQueryKey = () => ['notifications'] as const;

/** Every resident list and profile. */
export const residentsQueryKey = () => ['residents'] as const;

/** Resident lists and profiles, the property counts, users and units (a unit may be created), the dashboard. */
export function refreshResidents(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: residentsQueryKey() });
  void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
  void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
}
