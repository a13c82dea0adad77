import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
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

export const allOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: [...organizationsQueryKey(), 'all'] as const, queryFn: getAllOrganizations });

export const useAllOrganizations = () => useQuery(allOrganizationsQueryOptions());
