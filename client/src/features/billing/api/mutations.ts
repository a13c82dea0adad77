import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { ChargeCreateInput, PaymentCreateInput, PaymentReportInput, PaymentUpdateInput } from '@shared/schemas/billing';
import { refreshBilling } from './queries';
import type { Charge, Payment } from './types';

/** POST /api/charges ("Crear factura"), with the form's Idempotency-Key. */
export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ChargeCreateInput; key: string }) => api.post<Charge>('/api/charges', body, { 'Idempotency-Key': key }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/**
 * POST /api/payments and /api/payments/report with an Idempotency-Key: the form keeps one key
 * per payment it means to record, so a double click or a retried request records it once.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentCreateInput; key: string }) => api.post<Payment>('/api/payments', body, { 'Idempotency-Key': key }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

export function useReportTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentReportInput; key: string }) => api.post<Payment>('/api/payments/report', body, { 'Idempotency-Key': key }),
    onSuccess: () => refreshBilling(queryClient),
  });
}

/** PATCH /api/payments/:id: confirm or reject a reported transfer, refund a payment. */
export function useReviewPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaymentUpdateInput }) => api.patch<Payment>(`/api/payments/${id}`, body),
    onSuccess: () => refreshBilling(queryClient),
  });
}
