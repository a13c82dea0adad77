import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { refreshResidents } from '@client/lib/query-keys';
import type { NoticeInput, ResidentCreateInput, ResidentUpdateInput } from '@shared/schemas/residents';
import type { Resident } from '@client/lib/types/resident';

/**
 * The answer of a creation: `tempPassword` when a new account was made (shown once), else
 * null; `invited` when an invitation link went to their email (the password is the fallback).
 */
export type CreatedResident = Resident & { tempPassword: string | null; invited: boolean };

/** POST /api/properties/:id/residents */
export const createResident = (propertyId: number, body: ResidentCreateInput) =>
  api.post<CreatedResident>(`/api/properties/${propertyId}/residents`, body);

/** PATCH /api/properties/:id/residents/:residentId */
export const updateResident = (resident: Pick<Resident, 'id' | 'propertyId'>, body: ResidentUpdateInput) =>
  api.patch<Resident>(`/api/properties/${resident.propertyId}/residents/${resident.id}`, body);

/** POST /api/properties/:id/residents/:residentId/deactivate: status inactive, end date today. */
export const deactivateResident = (resident: Pick<Resident, 'id' | 'propertyId'>) =>
  api.post<Resident>(`/api/properties/${resident.propertyId}/residents/${resident.id}/deactivate`);

/** POST /api/residents/:id/messages: a direct notice to the resident. */
export const sendResidentMessage = (residentId: number, body: NoticeInput) => api.post<unknown>(`/api/residents/${residentId}/messages`, body);

export function useCreateResident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, body }: { propertyId: number; body: ResidentCreateInput }) => createResident(propertyId, body),
    onSuccess: () => refreshResidents(queryClient),
  });
}

export function useUpdateResident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resident, body }: { resident: Pick<Resident, 'id' | 'propertyId'>; body: ResidentUpdateInput }) => updateResident(resident, body),
    onSuccess: () => refreshResidents(queryClient),
  });
}

export function useDeactivateResident() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateResident, onSuccess: () => refreshResidents(queryClient) });
}

export const useSendResidentMessage = () =>
  useMutation({ mutationFn: ({ residentId, body }: { residentId: number; body: NoticeInput }) => sendResidentMessage(residentId, body) });

export { refreshResidents };
