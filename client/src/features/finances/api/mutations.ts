import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { ExpensePaymentInput, FundCreateInput, FundTransferInput, SupplierCreateInput, SupplierUpdateInput } from '@shared/schemas/finances';
import type { ExpenseAttachmentInput, ExpenseCreateWithAttachmentsInput } from '@shared/schemas/financesFiles';
import { refreshFinances } from './queries';
import type { ExpenseDetail, Fund, Supplier } from './types';

/** Every change refreshes the finances screens (and others' open screens through the live events). */
function useFinancesMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshFinances(queryClient) });
}

/** POST /api/expenses with the form's Idempotency-Key. */
export const useCreateExpense = () =>
  useFinancesMutation(({ body, key }: { body: ExpenseCreateWithAttachmentsInput; key: string }) => api.post<ExpenseDetail>('/api/expenses', body, { 'Idempotency-Key': key }));

/** POST /api/expenses/:id/payments with the form's Idempotency-Key (partial payments allowed). */
export const usePayExpense = (id: number) =>
  useFinancesMutation(({ body, key }: { body: ExpensePaymentInput; key: string }) => api.post<ExpenseDetail>(`/api/expenses/${id}/payments`, body, { 'Idempotency-Key': key }));

/** POST /api/expenses/:id/void */
export const useVoidExpense = (id: number) => useFinancesMutation((reason: string) => api.post<ExpenseDetail>(`/api/expenses/${id}/void`, { reason }));

/** POST /api/expenses/:id/attachments */
export const useAddAttachment = (id: number) => useFinancesMutation((body: ExpenseAttachmentInput) => api.post<ExpenseDetail>(`/api/expenses/${id}/attachments`, body));

export const useCreateSupplier = () => useFinancesMutation((body: SupplierCreateInput) => api.post<Supplier>('/api/suppliers', body));
export const useUpdateSupplier = () => useFinancesMutation(({ id, body }: { id: number; body: SupplierUpdateInput }) => api.patch<Supplier>(`/api/suppliers/${id}`, body));

export const useCreateFund = () =>
  useFinancesMutation(({ propertyId, body, key }: { propertyId: number; body: FundCreateInput; key: string }) =>
    api.post<Fund>(`/api/properties/${propertyId}/funds`, body, { 'Idempotency-Key': key }),
  );

export const useTransferFunds = () =>
  useFinancesMutation(({ body, key }: { body: FundTransferInput; key: string }) => api.post('/api/funds/transfers', body, { 'Idempotency-Key': key }));
