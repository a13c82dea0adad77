import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshResidents } from '@client/lib/query-keys';
import { api, withQuery } from '@client/lib/api';
import type { JoinRequestApproveInput } from '@shared/schemas/joinRequests';
import type { OwnJoinRequest } from './own-join-request';
import { fullName } from '@shared/format';

/** A request of the administrators' queue (server/presenters/joinRequest.ts). */
export type JoinRequest = OwnJoinRequest & {
  organizationId: number;
  propertyId: number | null;
  residentId: number | null;
  decidedBy: string | null;
  user: { id: number; name: string; lastName: string | null; email: string; phone: string | null };
};

export const applicantName = (request: Pick<JoinRequest, 'user'>) => fullName(request.user.name, request.user.lastName);

export const JOIN_REQUESTS_PAGE_SIZE = 5;

export const joinRequestsQueryKey = () => ['join-requests'] as const;

/** GET /api/join-requests: one page of the pending requests, oldest first. */
export const getPendingJoinRequests = (page: number) =>
  api.page<JoinRequest>(
    withQuery('/api/join-requests', { limit: JOIN_REQUESTS_PAGE_SIZE, offset: (page - 1) * JOIN_REQUESTS_PAGE_SIZE }),
  );

export const usePendingJoinRequests = (page: number, enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: [...joinRequestsQueryKey(), 'pending', page] as const,
      queryFn: () => getPendingJoinRequests(page),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });

/** A decision changes the queue and, once approved, the residents, units and counts. */
function useDecision<T>(decide: (variables: T) => Promise<JoinRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey() });
      refreshResidents(queryClient);
    },
  });
}

/** POST /api/join-requests/:id/approve: the person becomes a resident of that unit. */
export const useApproveJoinRequest = () =>
  useDecision(({ id, body }: { id: number; body: JoinRequestApproveInput }) => api.post<JoinRequest>(`/api/join-requests/${id}/approve`, body));

/** POST /api/join-requests/:id/decline */
export const useDeclineJoinRequest = () => useDecision((id: number) => api.post<JoinRequest>(`/api/join-requests/${id}/decline`));
