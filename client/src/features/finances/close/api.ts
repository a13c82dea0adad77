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
  /** Its invoice files, when the reader may open them (administrators; owners and residents under the transparency switch). */
  invoices?: Array<{ id: number; fileName: string; fileType: string }>;
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
  /** Whether the expenses' invoices are listed (the reader may open them). */
  invoices: boolean;
};

export type PublishedReport = { id: number; propertyId: number; month: string; version: number; publishedAt: string };

const keys = {
  all: ['finances-close'] as const,
  periods: (propertyId: number, year: number) => ['finances-close', 'periods', propertyId, year] as const,
  budget: (propertyId: number, year: number) => ['finances-close', 'budget', propertyId, year] as const,
  report: (propertyId: number, month: string) => ['finances-close', 'report', propertyId, month] as const,
  reports: (propertyId: number) => ['finances-close', 'reports', propertyId] as const,
  transparency: ['finances-close', 'transparency'] as const,
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

/** The organization's transparency switch (server/routes/financesTransparency.ts). */
export const useTransparency = (enabled = true) =>
  useQuery({ queryKey: keys.transparency, queryFn: () => api.get<{ enabled: boolean }>('/api/finances/transparency'), enabled });

export function useSetTransparency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<{ enabled: boolean }>('/api/finances/transparency', { enabled }),
    onSuccess: (value) => {
      client.setQueryData(keys.transparency, value);
      void client.invalidateQueries({ queryKey: ['finances-close', 'report'] });
    },
  });
}

/** An invoice file of a report's expense, opened in the browser. */
export const invoicePath = (expenseId: number, fileId: number) => `/api/expenses/${expenseId}/attachments/${fileId}`;

export const reportPdfPath = (propertyId: number, month: string) => withQuery(`/api/properties/${propertyId}/reports/monthly.pdf`, { month });

/** Events that change what these screens show: another administrator's close, a budget saved, an expense. */
const LIVE_TYPES = new Set(['finances.transparency_updated', 'period.closed', 'period.reopened', 'finance_report.published', 'budget.updated', 'expense.created', 'expense.updated', 'expense.paid', 'expense.voided']);

/** Keeps the open screen current without a reload (the outbox's live events). */
export function useFinancesCloseLive() {
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (LIVE_TYPES.has(event.type)) void client.invalidateQueries({ queryKey: keys.all });
  });
}
