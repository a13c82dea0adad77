import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from './api';
import { propertyQueryKey, unitsQueryKey } from './query-keys';

/** A property to choose (filter, Add Resident). */
export type PropertyOption = { id: number; name: string };

export const PROPERTY_OPTIONS_LIMIT = 50;

/** As many as a page of the properties screen's units list (UNITS_PAGE_SIZE). */
const UNIT_OPTIONS_LIMIT = 10;

/** GET /api/properties?q=&limit=: the first properties by name, narrowed by `q` when there are many. */
export const getPropertyOptions = (q: string) =>
  api.page<PropertyOption>(withQuery('/api/properties', { q: q.trim(), limit: PROPERTY_OPTIONS_LIMIT }));

// Under the properties key, so whatever refreshes properties refreshes these too.
export const propertyOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['properties', 'resident-options', q.trim()] as const,
    queryFn: () => getPropertyOptions(q),
    placeholderData: keepPreviousData,
  });

export const usePropertyOptions = (q: string) => useQuery(propertyOptionsQueryOptions(q));

/**
 * The chosen property by id (GET /api/properties/:id), read for its name; under the same key
 * as the properties screen's detail, so both share one request and one refresh.
 */
export const usePropertyOption = (id: number | null) =>
  useQuery({ queryKey: propertyQueryKey(id ?? 0), queryFn: () => api.get<PropertyOption>(`/api/properties/${id}`), enabled: id !== null });

/** A unit to choose or suggest, by number. */
export type UnitOption = { id: number; unitNumber: string };

/**
 * GET /api/properties/:id/units?q=&limit=10&offset=0: the first units whose number starts like
 * `q` (natural order); the same request and key as the first page of the properties screen's units list.
 */
export const unitOptionsQueryOptions = (propertyId: number, q: string) =>
  queryOptions({
    queryKey: [...unitsQueryKey(propertyId), { q, page: 1 }] as const,
    queryFn: () => api.page<UnitOption>(withQuery(`/api/properties/${propertyId}/units`, { q: q.trim(), limit: UNIT_OPTIONS_LIMIT, offset: 0 })),
    placeholderData: keepPreviousData,
  });
