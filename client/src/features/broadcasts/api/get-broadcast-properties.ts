import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';

/** What the broadcasts feature needs of a property (GET /api/properties answers more). */
export type BroadcastProperty = { id: number; name: string; address: string; organizationId: number };

export type PropertyChoiceParams = { q?: string; limit: number };

/** GET /api/properties?q=&limit=: the properties the user reads (administrators: their organizations'). */
export const getPropertyChoices = ({ q, limit }: PropertyChoiceParams) =>
  api.page<BroadcastProperty>(withQuery('/api/properties', { q, limit }));

/** GET /api/properties/:id (a chosen property that a search left out of the list). */
export const getPropertyChoice = (id: number) => api.get<BroadcastProperty>(`/api/properties/${id}`);

// Under the properties key, so whatever refreshes properties refreshes these too.
export const propertyChoicesBaseKey = () => ['properties', 'broadcast-choices'] as const;
export const propertyChoicesQueryKey = (params: PropertyChoiceParams) => [...propertyChoicesBaseKey(), params] as const;
export const propertyChoiceQueryKey = (id: number) => ['properties', 'broadcast-choice', id] as const;

export const propertyChoicesQueryOptions = (params: PropertyChoiceParams) =>
  queryOptions({ queryKey: propertyChoicesQueryKey(params), queryFn: () => getPropertyChoices(params), placeholderData: keepPreviousData });

export const usePropertyChoices = (params: PropertyChoiceParams) => useQuery(propertyChoicesQueryOptions(params));

export const usePropertyChoice = (id: number | null) =>
  useQuery({ queryKey: propertyChoiceQueryKey(id ?? 0), queryFn: () => getPropertyChoice(id!), enabled: id !== null });
