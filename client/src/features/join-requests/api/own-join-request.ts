import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { JoinRequestStatus } from '@shared/enums';

/** The caller's latest join request, as `GET /api/user/join-request` answers it. */
export type OwnJoinRequest = {
  id: number;
  status: JoinRequestStatus;
  propertyName: string | null;
  propertyReference: string | null;
  unitNumber: string | null;
  createdAt: string;
  decidedAt: string | null;
};

export const ownJoinRequestQueryKey = () => ['join-requests', 'own'] as const;

/** GET /api/user/join-request (null when the account never sent one). */
export const getOwnJoinRequest = async () => (await api.get<{ joinRequest: OwnJoinRequest | null }>('/api/user/join-request')).joinRequest;

export const useOwnJoinRequest = () => useQuery(queryOptions({ queryKey: ownJoinRequestQueryKey(), queryFn: getOwnJoinRequest }));

/** POST /api/user/join-request: a new request (after a declined one), naming the property. */
export function useSendJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyReference: string) =>
      api.post<{ joinRequest: OwnJoinRequest }>('/api/user/join-request', { propertyReference }),
    onSuccess: ({ joinRequest }) => queryClient.setQueryData(ownJoinRequestQueryKey(), joinRequest),
  });
}
