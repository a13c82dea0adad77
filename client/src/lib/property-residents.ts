import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from './api';
import { residentsQueryKey } from './query-keys';
import type { Resident } from './types/resident';

export const PROPERTY_RESIDENTS_PAGE_SIZE = 10;

export type PropertyResidentsParams = { q: string; page: number };

/** GET /api/properties/:id/residents?q=&limit=&offset=: the residents of one property, by name. */
export const getPropertyResidents = (propertyId: number, { q, page }: PropertyResidentsParams) =>
  api.page<Resident>(
    withQuery(`/api/properties/${propertyId}/residents`, {
      q: q.trim(),
      limit: PROPERTY_RESIDENTS_PAGE_SIZE,
      offset: (page - 1) * PROPERTY_RESIDENTS_PAGE_SIZE,
    }),
  );

export const propertyResidentsQueryOptions = (propertyId: number, params: PropertyResidentsParams) =>
  queryOptions({
    queryKey: [...residentsQueryKey(), 'property', propertyId, params] as const,
    queryFn: () => getPropertyResidents(propertyId, params),
    placeholderData: keepPreviousData,
  });

export const usePropertyResidents = (propertyId: number, params: PropertyResidentsParams) =>
  useQuery(propertyResidentsQueryOptions(propertyId, params));
