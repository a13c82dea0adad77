import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { AgreementCreateInput, AgreementView, UnitAgreements } from '@shared/schemas/agreements';
import { billingQueryKey, refreshBilling } from './queries';

/** GET /api/units/:id/agreements: the unit's overdue debt and its payment agreements (docs/modules/collections.md). */
export const useUnitAgreements = (unitId: number | null) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'agreements', unitId],
    queryFn: () => api.get<UnitAgreements>(`/api/units/${unitId}/agreements`),
    enabled: unitId !== null,
  });

/** POST /api/units/:id/agreements with the form's Idempotency-Key. */
export function useCreateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, body, key }: { unitId: number; body: AgreementCreateInput; key: string }) =>
      api.post<AgreementView>(`/api/units/${unitId}/agreements`, body, { 'Idempotency-Key': key }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** POST /api/agreements/:id/cancel */
export function useCancelAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<AgreementView>(`/api/agreements/${id}/cancel`, { reason }),
    onSuccess: () => refreshBilling(queryClient),
  });
}
