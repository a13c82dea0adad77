import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, withQuery } from '@client/lib/api';
import type { AgingBucket } from '@shared/billing';
import type { BillingPlan, BillingPlanInput, ChargeSplitInput, DelinquencyReport } from '@shared/schemas/billing';
import { BILLING_PAGE_SIZE, billingQueryKey, refreshBilling } from './queries';
import type { Charge } from './types';

/** What a plan issues for a month (POST /api/properties/:id/billing-plan/preview). */
export type PlanPreview = {
  period: string;
  issueDate: string;
  dueDate: string;
  sharesTotal: number;
  unitsWithoutShare: number;
  lines: Array<{ unitId: number; unitNumber: string; share: number | null; base: number; reserve: number; amount: number }>;
  totals: { base: number; reserve: number; amount: number };
};

const planKey = (propertyId: number) => [...billingQueryKey(), 'plan', propertyId] as const;

/** GET /api/properties/:id/billing-plan: null while the property has none (404). */
export const useBillingPlan = (propertyId: number) =>
  useQuery({
    queryKey: planKey(propertyId),
    queryFn: async () => {
      try {
        return await api.get<BillingPlan>(`/api/properties/${propertyId}/billing-plan`);
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });

/** The preview of the plan as typed (only once it is valid). */
export const usePlanPreview = (propertyId: number, body: BillingPlanInput | null) =>
  useQuery({
    queryKey: [...planKey(propertyId), 'preview', body],
    queryFn: () => api.post<PlanPreview>(`/api/properties/${propertyId}/billing-plan/preview`, body),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });

/** PUT /api/properties/:id/billing-plan */
export function useSavePlan(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingPlanInput) => api.put<BillingPlan>(`/api/properties/${propertyId}/billing-plan`, body),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** POST /api/properties/:id/charges/split: an extraordinary charge split across the units, with the form's Idempotency-Key. */
export function useSplitCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, body, key }: { propertyId: number; body: ChargeSplitInput; key: string }) =>
      api.post<Charge[]>(`/api/properties/${propertyId}/charges/split`, body, { 'Idempotency-Key': key }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** POST /api/charges/:id/waive: a late fee forgiven with a reason. */
export function useWaiveCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<{ chargeId: number; amount: number }>(`/api/charges/${id}/waive`, { reason }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

export type DelinquencyFilters = { q: string; propertyId: number | null; bucket: AgingBucket | null };

/** GET /api/billing/delinquency (one page, and the totals of every unit found). */
export const useDelinquency = (filters: DelinquencyFilters, page: number) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'delinquency', filters, page],
    queryFn: () => api.get<DelinquencyReport>(withQuery('/api/billing/delinquency', { ...filters, q: filters.q.trim(), limit: BILLING_PAGE_SIZE, offset: (page - 1) * BILLING_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

export const delinquencyFile = (filters: DelinquencyFilters, kind: 'csv' | 'pdf') => ({
  path: withQuery(`/api/billing/delinquency.${kind}`, { ...filters, q: filters.q.trim() }),
  fileName: `morosidad.${kind}`,
});
