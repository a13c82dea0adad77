import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';

/** A property to choose (filter, Add Resident). */
export type PropertyOption = { id: number; name: string };

export const PROPERTY_OPTIONS_LIMIT = 50;

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
