import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { Property } from './get-properties';
import { propertyQueryKey } from '@client/lib/query-keys';

/** GET /api/properties/:id */
export const getProperty = (id: number) => api.get<Property>(`/api/properties/${id}`);

export const propertyQueryOptions = (id: number) => queryOptions({ queryKey: propertyQueryKey(id), queryFn: () => getProperty(id) });

export const useProperty = (id: number | null) => useQuery({ ...propertyQueryOptions(id ?? 0), enabled: id !== null });

export { propertyQueryKey };
