import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { PROPERTY_STATUSES, PROPERTY_TYPES } from '@shared/enums';
import { propertiesQueryKey } from '@client/lib/query-keys';

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** A property as the API answers it (server/presenters/property.ts); `rent` in centavos. */
export type Property = {
  id: number;
  name: string;
  address: string;
  city: string | null;
  country: string | null;
  type: PropertyType;
  status: PropertyStatus;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  rent: number | null;
  /** Its number of units (the rows of its Units tab). */
  units: number;
  /** Active and temporary residents. */
  residentCount: number;
  description: string | null;
  /** URL of the photo, or null. */
  image: string | null;
  ownerId: number | null;
  organizationId: number;
  createdAt: string;
  updatedAt: string;
  /** Sent back by an edit (409 when the property changed since). */
  version: number;
};

/** Cards per page of the grid (three rows of four on a wide screen). */
export const PROPERTIES_PAGE_SIZE = 12;

export type PropertyListParams = { q: string; page: number };

/** GET /api/properties?q=&limit=&offset=: one page of the properties the user may read, by name. */
export const getProperties = ({ q, page }: PropertyListParams) =>
  api.page<Property>(withQuery('/api/properties', { q: q.trim(), limit: PROPERTIES_PAGE_SIZE, offset: (page - 1) * PROPERTIES_PAGE_SIZE }));

export const propertyListQueryKey = (params: PropertyListParams) => [...propertiesQueryKey(), 'list', params] as const;

export const propertyListQueryOptions = (params: PropertyListParams) =>
  queryOptions({ queryKey: propertyListQueryKey(params), queryFn: () => getProperties(params), placeholderData: keepPreviousData });

export const useProperties = (params: PropertyListParams) => useQuery(propertyListQueryOptions(params));

export { propertiesQueryKey };
