import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecurringExpenseCreateInput, RecurringExpenseUpdateInput } from '@shared/schemas/financesClose';
import { api } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';

/** Recurring expense templates (server/routes/financesPeriods.ts): the worker issues each as a pending expense every month. */
export type RecurringExpense = {
  id: number;
  propertyId: number;
  fundId: number;
  fundName: string;
  category: string;
  supplierId: number | null;
  supplierName: string | null;
  amount: number;
  itbis: number;
  description: string;
  dayOfMonth: number;
  active: boolean;
  firstMonth: string;
  lastIssuedMonth: string | null;
  createdAt: string;
  updatedAt: string;
};

const key = (propertyId: number) => ['finances-recurring', propertyId] as const;

export const useRecurringExpenses = (propertyId: number | null) =>
  useQuery({
    queryKey: key(propertyId ?? 0),
    queryFn: () => api.get<RecurringExpense[]>(`/api/properties/${propertyId}/recurring-expenses`),
    enabled: propertyId !== null,
  });

export function useCreateRecurring(propertyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, body }: { idempotencyKey: string; body: RecurringExpenseCreateInput }) =>
      api.post<RecurringExpense>(`/api/properties/${propertyId}/recurring-expenses`, body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(propertyId) }),
  });
}

export function useUpdateRecurring(propertyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RecurringExpenseUpdateInput }) => api.patch<RecurringExpense>(`/api/recurring-expenses/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key(propertyId) }),
  });
}

/** Ends a template: it issues nothing more (the expenses it issued stay). */
export function useEndRecurring(propertyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/recurring-expenses/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key(propertyId) }),
  });
}

/** Another administrator's change, or the worker issuing a month, reaches the open screen. */
export function useRecurringLive() {
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (event.type.startsWith('recurring_expense.') || event.type === 'expense.created') void client.invalidateQueries({ queryKey: ['finances-recurring'] });
  });
}
