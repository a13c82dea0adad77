import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import { i18n } from '@client/lib/i18n';
import type { Role } from '@shared/enums';

/** A person a `custom` document can be shared with. */
export type ShareCandidate = { userId: number; name: string; lastName: string | null; detail: string };

const SEARCH_LIMIT = 8;

/**
 * The people of the organization a document may be shared with, found by name
 * (GET /api/documents/share-candidates): administrators, owners and residents.
 */
export async function getShareCandidates(q: string): Promise<ShareCandidate[]> {
  const people = await api.get<Array<{ userId: number; name: string; lastName: string | null; role: Role }>>(
    withQuery('/api/documents/share-candidates', { q: q.trim(), limit: SEARCH_LIMIT }),
  );
  return people.map(({ role, ...person }) => ({ ...person, detail: i18n.t(`roles.${role}`, { ns: 'common' }) }));
}

export const shareCandidatesQueryKey = (q: string) => ['documents', 'share-candidates', q.trim()] as const;

export const shareCandidatesQueryOptions = (q: string) =>
  queryOptions({ queryKey: shareCandidatesQueryKey(q), queryFn: () => getShareCandidates(q) });

export const useShareCandidates = (q: string, enabled = true) => useQuery({ ...shareCandidatesQueryOptions(q), enabled });
