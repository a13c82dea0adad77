import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { Budget, BudgetInput } from '@shared/schemas/financesClose';
import { api, withQuery } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';

/** Period close, budget and the monthly report (server/routes/financesPeriods.ts). */

export type PeriodAction = { action: 'closed' | 'reopened'; reason: string | null; at: string; userId: number | null; userName: string | null };
export type Period = { month: string; status: 'open' | 'closed'; closedAt: string | null; closedById: number | null; history: PeriodAction[] };

export type ReportExpense = {
  id: number;
  issueDate: string;
  category: string;
  description: string;
  supplierName: string | null;
  invoiceNumber: string | null;
  ncf: string | null;
  fundName: string;
  amount: number;
  itbis: number;
  total: number;
  status: string;
};

export type MonthlyReport = {
  propertyId: number;
  propertyName: string;
  month: string;
  from: string;
  to: string;
  funds: Array<{ id: number; name: string; kind: string; opening: number; closing: number }>;
  income: { byType: Array<{ type: string; amount: number }>; credit: number; total: number; payments: number };
  expenses: { byCategory: Array<{ category: string; total: number; items: ReportExpense[] }>; total: number; count: number };
  delinquency: { asOf: string; units: number; overdue: number; buckets: Record<string, number>; rows: Array<{ unitNumber: string; overdue: number; daysLate: number; oldestDueDate: string }> };
  budget: { year: number; monthIndex: number; lines: Array<{ category: string; budget: number; actual: number; variance: number; budgetToDate: number; actualToDate: number; varianceToDate: number }> };
  bankReconciliation: Array<{ bankAccountId: number; bank: string; last4: string; bankClosing: number; bookClosing: number; difference: number; reconciled: boolean }>;
  published: { version: number; publishedAt: string } | null;
};

export type PublishedReport = { id: number; propertyId: number; month: string; version: number; publishedAt: string };

const keys = {
  all: ['finances-close'] as const,
  periods: (propertyId: number, year: number) => ['finances-close', 'periods', propertyId, year] as const,
  budget: (propertyId: number, year: number) => ['finances-close', 'budget', propertyId, year] as const,
  report: (propertyId: number, month: string) => ['finances-close', 'report', propertyId, month] as const,
  reports: (propertyId: number) => ['finances-close', 'reports', propertyId] as const,
};

/** The property a finances screen is about, kept in the URL (`?propertyId=`). */
export function usePropertyParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('propertyId'));
  const propertyId = Number.isSafeInteger(value) && value > 0 ? value : null;
  return [
    propertyId,
    (id) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('propertyId', String(id));
        else next.delete('propertyId');
        return next;
      }),
  ];
}

export const usePeriods = (propertyId: number | null, year: number) =>
  useQuery({
    queryKey: keys.periods(propertyId ?? 0, year),
    queryFn: () => api.get<Period[]>(withQuery(`/api/properties/${propertyId}/periods`, { year })),
    enabled: propertyId !== null,
    placeholderData: keepPreviousData,
  });

export function usePeriodAction(propertyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ month, action, reason }: { month: string; action: 'close' | 'reopen'; reason: string }) =>
      api.post<Period>(`/api/properties/${propertyId}/periods/${month}/${action}`, reason ? { reason } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useBudget = (propertyId: number | null, year: number) =>
  useQuery({
    queryKey: keys.budget(propertyId ?? 0, year),
    queryFn: () => api.get<Budget>(withQuery(`/api/properties/${propertyId}/budget`, { year })),
    enabled: propertyId !== null,
  });

export function useSaveBudget(propertyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BudgetInput) => api.put<Budget>(`/api/properties/${propertyId}/budget`, input),
    onSuccess: (budget) => client.setQueryData(keys.budget(propertyId, budget.year), budget),
  });
}

export const useMonthlyReport = (propertyId: number | null, month: string | null) =>
  useQuery({
    queryKey: keys.report(propertyId ?? 0, month ?? ''),
    queryFn: () => api.get<MonthlyReport>(withQuery(`/api/properties/${propertyId}/reports/monthly`, { month })),
    enabled: propertyId !== null && Boolean(month),
    retry: false,
  });

export const usePublishedReports = (propertyId: number | null) =>
  useQuery({
    queryKey: keys.reports(propertyId ?? 0),
    queryFn: () => api.page<PublishedReport>(withQuery(`/api/properties/${propertyId}/reports`, { limit: 60 })),
    enabled: propertyId !== null,
  });

export const reportPdfPath = (propertyId: number, month: string) => withQuery(`/api/properties/${propertyId}/reports/monthly.pdf`, { month });

/** Events that change what these screens show: another administrator's close, a budget saved, an expense. */
const LIVE_TYPES = new Set(['period.closed', 'period.reopened', 'finance_report.published', 'budget.updated', 'expense.created', 'expense.updated', 'expense.paid', 'expense.voided']);

/** Keeps the open screen current without a reload (the outbox's live events). */
export function useFinancesCloseLive() {
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (LIVE_TYPES.has(event.type)) void client.invalidateQueries({ queryKey: keys.all });
  });
}
