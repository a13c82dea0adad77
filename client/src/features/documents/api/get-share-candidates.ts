import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';

/** A person a `custom` document can be shared with. */
export type ShareCandidate = { userId: number; name: string; lastName: string | null; detail: string };

/** The fields of a resident of GET /api/residents that the share picker shows. */
type DirectoryResident = {
  userId: number;
  name: string;
  lastName: string | null;
  propertyName: string;
  unitNumber: string | null;
  status: 'active' | 'inactive' | 'temporary';
};

const SEARCH_LIMIT = 8;

/**
 * The people the user may share with, found in the residents directory (GET /api/residents,
 * search by name, email or unit): the residents of the properties the user may see. One entry
 * per person (someone may live in two units); ended residences are left out.
 */
export async function getShareCandidates(q: string): Promise<ShareCandidate[]> {
  const { items } = await api.page<DirectoryResident>(withQuery('/api/residents', { q: q.trim(), limit: SEARCH_LIMIT * 2 }));
  const byUser = new Map<number, ShareCandidate>();
  for (const resident of items) {
    if (resident.status === 'inactive' || byUser.has(resident.userId)) continue;
    const detail = [resident.propertyName, resident.unitNumber].filter(Boolean).join(' · ');
    byUser.set(resident.userId, { userId: resident.userId, name: resident.name, lastName: resident.lastName, detail });
  }
  return [...byUser.values()].slice(0, SEARCH_LIMIT);
}

export const shareCandidatesQueryKey = (q: string) => ['residents', 'share-candidates', q.trim()] as const;

export const shareCandidatesQueryOptions = (q: string) =>
  queryOptions({ queryKey: shareCandidatesQueryKey(q), queryFn: () => getShareCandidates(q) });

export const useShareCandidates = (q: string, enabled = true) => useQuery({ ...shareCandidatesQueryOptions(q), enabled });
