import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';

/** A property a document can be tied to (those the user may read, by name). */
export type PropertyOption = { id: number; name: string };

const LIMIT = 100;

/** GET /api/properties: the first properties by name, narrowed by `q` when there are many. */
export const getPropertyOptions = (q: string) =>
  api.page<PropertyOption>(withQuery('/api/properties', { q: q.trim(), limit: LIMIT }));

export const propertyOptionsQueryKey = (q: string) => ['properties', 'document-options', q.trim()] as const;

export const propertyOptionsQueryOptions = (q: string) =>
  queryOptions({ queryKey: propertyOptionsQueryKey(q), queryFn: () => getPropertyOptions(q) });

export const usePropertyOptions = (q: string, enabled = true) => useQuery({ ...propertyOptionsQueryOptions(q), enabled });
