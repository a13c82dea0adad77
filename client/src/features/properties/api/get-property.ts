import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { propertiesQueryKey, type Property } from './get-properties';

/** GET /api/properties/:id */
export const getProperty = (id: number) => api.get<Property>(`/api/properties/${id}`);

/** The property and what the Manage dialog loads of it (units, amenities, users) live under this key. */
export const propertyQueryKey = (id: number) => [...propertiesQueryKey(), 'detail', id] as const;

export const propertyQueryOptions = (id: number) => queryOptions({ queryKey: propertyQueryKey(id), queryFn: () => getProperty(id) });

export const useProperty = (id: number | null) => useQuery({ ...propertyQueryOptions(id ?? 0), enabled: id !== null });
