import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { BroadcastView } from '@shared/schemas/broadcasts';

export type Broadcast = BroadcastView;

export type BroadcastListParams = { propertyId: number; onlyActive: boolean; limit: number; offset: number };

/** GET /api/broadcasts?propertyId=&onlyActive=&limit=&offset= (one page, total from X-Total-Count). */
export const getBroadcasts = ({ propertyId, onlyActive, limit, offset }: BroadcastListParams) =>
  api.page<Broadcast>(withQuery('/api/broadcasts', { propertyId, onlyActive: onlyActive || undefined, limit, offset }));

/** GET /api/broadcasts/:id: one broadcast as stored now. */
export const getBroadcast = (id: number) => api.get<Broadcast>(`/api/broadcasts/${id}`);

/** Every broadcast query starts with this key (the screen's pages and the banner's lists). */
export const broadcastsBaseKey = () => ['broadcasts'] as const;

/** The screen's pages of one property start with this key: invalidate it after a change. */
export const broadcastListsKey = (propertyId: number) => [...broadcastsBaseKey(), 'list', propertyId] as const;

export const broadcastsQueryKey = (params: BroadcastListParams) => [...broadcastListsKey(params.propertyId), params] as const;

export const broadcastsQueryOptions = (params: BroadcastListParams) =>
  queryOptions({ queryKey: broadcastsQueryKey(params), queryFn: () => getBroadcasts(params), placeholderData: keepPreviousData });

export const useBroadcasts = (params: BroadcastListParams) => useQuery(broadcastsQueryOptions(params));
