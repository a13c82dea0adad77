import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import { broadcastsBaseKey, type Broadcast } from './get-broadcasts';

/**
 * GET /api/broadcasts?propertyId=&onlyActive=true: every broadcast of a property that is active
 * now (the banner's list; live events update it in place, see lib/live-cache.ts).
 */
export const getActiveBroadcasts = (propertyId: number) =>
  api.get<Broadcast[]>(withQuery('/api/broadcasts', { propertyId, onlyActive: true }));

export const activeBroadcastsQueryKey = (propertyId: number) => [...broadcastsBaseKey(), 'active', propertyId] as const;

export const activeBroadcastsQueryOptions = (propertyId: number) =>
  queryOptions({ queryKey: activeBroadcastsQueryKey(propertyId), queryFn: () => getActiveBroadcasts(propertyId) });

/** The active broadcasts of several properties, as one list. */
export const useActiveBroadcasts = (propertyIds: number[]) =>
  useQueries({
    queries: propertyIds.map(activeBroadcastsQueryOptions),
    combine: (results) => ({
      broadcasts: results.flatMap((result) => result.data ?? []),
      isPending: results.some((result) => result.isPending),
    }),
  });
