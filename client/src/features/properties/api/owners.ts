import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { PropertyUser } from './users';

const OWNER_LIMIT = 200;

/** GET /api/users?role=Propietario: the owners a property of this organization may have. */
export const getOwnerCandidates = (organizationId?: number) =>
  api.get<PropertyUser[]>(withQuery('/api/users', { role: 'Propietario', organizationId, limit: OWNER_LIMIT }));

export const ownerCandidatesQueryKey = (organizationId?: number) => ['properties', 'owners', organizationId ?? 'own'] as const;

export const ownerCandidatesQueryOptions = (organizationId?: number) =>
  queryOptions({ queryKey: ownerCandidatesQueryKey(organizationId), queryFn: () => getOwnerCandidates(organizationId) });

export const useOwnerCandidates = (organizationId?: number) => useQuery(ownerCandidatesQueryOptions(organizationId));
