import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { api, withQuery } from '@client/lib/api';
import { EXPENSE_STATUSES } from '@shared/finances';
import type { Expense, ExpenseDetail, FinancesSummary, Fund, Supplier } from './types';

export const FINANCES_PAGE_SIZE = 20;

/** Everything finances shows lives under this key: a change or a live event refreshes it all. */
export const financesQueryKey = () => ['finances'] as const;
export const refreshFinances = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: financesQueryKey() });

/** The expense list's filters as the URL keeps them. */
export const EXPENSE_FILTERS = {
  q: param.text,
  propertyId: param.id,
  fundId: param.id,
  supplierId: param.id,
  category: param.nonEmpty,
  status: param.oneOf(EXPENSE_STATUSES),
  from: param.day,
  to: param.day,
};
export type ExpenseFilters = FiltersOf<typeof EXPENSE_FILTERS>;

export const SUPPLIER_FILTERS = { q: param.text };

const filterQuery = ({ q, ...rest }: { q: string }) => ({ q: q.trim(), ...rest });
const pageQuery = (page: number, pageSize = FINANCES_PAGE_SIZE) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** GET /api/expenses */
export const useExpenses = (filters: ExpenseFilters, page: number) =>
  useQuery({
    queryKey: [...financesQueryKey(), 'expenses', filters, page],
    queryFn: () => api.page<Expense>(withQuery('/api/expenses', { ...filterQuery(filters), ...pageQuery(page) })),
    placeholderData: keepPreviousData,
  });

/** The filtered expenses as CSV (the toolbar's Export). */
export const expensesExport = (filters: ExpenseFilters) => ({ path: withQuery('/api/expenses/export.csv', filterQuery(filters)), fileName: 'gastos.csv' });

/** GET /api/expenses/:id */
export const useExpense = (id: number) =>
  useQuery({
    queryKey: [...financesQueryKey(), 'expense', id],
    queryFn: () => api.get<ExpenseDetail>(`/api/expenses/${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
  });

/** GET /api/suppliers (`q`, paged). */
export const useSuppliers = (q: string, page: number, pageSize = FINANCES_PAGE_SIZE) =>
  useQuery({
    queryKey: [...financesQueryKey(), 'suppliers', q, page, pageSize],
    queryFn: () => api.page<Supplier>(withQuery('/api/suppliers', { q: q.trim(), ...pageQuery(page, pageSize) })),
    placeholderData: keepPreviousData,
  });

/** GET /api/properties/:id/funds?date= (balances at the end of that day). */
export const useFunds = (propertyId: number | null, date?: string | null) =>
  useQuery({
    queryKey: [...financesQueryKey(), 'funds', propertyId, date ?? null],
    queryFn: () => api.get<Fund[]>(withQuery(`/api/properties/${propertyId}/funds`, { date })),
    enabled: propertyId !== null,
  });

/** GET /api/finances/summary?propertyId */
export const useFinancesSummary = (propertyId: number | null) =>
  useQuery({
    queryKey: [...financesQueryKey(), 'summary', propertyId],
    queryFn: () => api.get<FinancesSummary>(withQuery('/api/finances/summary', { propertyId })),
    enabled: propertyId !== null,
  });
