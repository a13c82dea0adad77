import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, withQuery } from '@client/lib/api';
import type { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '@shared/enums';

export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** An organization as `GET /api/organizations` answers it (server/presenters/organization.ts). */
export type Organization = {
  id: number;
  name: string;
  type: OrganizationType;
  status: OrganizationStatus;
  parentId: number | null;
  domain: string | null;
  logo: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  accentColor: string | null;
  address: string | null;
  subscriptionPlan: string | null;
  maxUsers: number | null;
  maxProperties: number | null;
  contactEmail: string | null;
  contactPhone: string | null;
  createdAt: string;
  updatedAt: string;
  /** Sent back by an edit (409 when the organization or its settings changed since). */
  version: number;
};

export type OrganizationsPageQuery = { q?: string; limit: number; offset: number };

/** Every key of this feature starts here: mutations and live events invalidate it whole. */
export const organizationsQueryKey = () => ['organizations'] as const;

/** GET /api/organizations?q=&limit=&offset=: one page of the table, with the total. */
export const getOrganizationsPage = (query: OrganizationsPageQuery) => api.page<Organization>(withQuery('/api/organizations', query));

export const organizationsPageQueryOptions = (query: OrganizationsPageQuery) =>
  queryOptions({
    queryKey: [...organizationsQueryKey(), 'page', query] as const,
    queryFn: () => getOrganizationsPage(query),
    placeholderData: keepPreviousData, // the table stays while the next page or search loads
  });

export const useOrganizationsPage = (query: OrganizationsPageQuery) => useQuery(organizationsPageQueryOptions(query));

/**
 * GET /api/organizations (no limit): every organization the user reaches, for the parent
 * choices and names, and to know whether the user's own organization is a master one.
 */
export const getAllOrganizations = () => api.get<Organization[]>('/api/organizations');

/** One organization as stored now, from those the user reaches (404 when it is gone). */
export async function getOrganization(id: number): Promise<Organization> {
  const found = (await getAllOrganizations()).find((organization) => organization.id === id);
  if (!found) throw new ApiError(404, 'not_found', { error: 'not_found' });
  return found;
}

export const allOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: [...organizationsQueryKey(), 'all'] as const, queryFn: getAllOrganizations });

export const useAllOrganizations = () => useQuery(allOrganizationsQueryOptions());
