import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { api, withQuery } from '@client/lib/api';
import { CHARGE_FILTER_STATUSES, CHARGE_TYPES, PAYMENT_STATUSES } from '@shared/enums';
import type { BillingSummary, BillingUnit, Charge, Payment, Statement } from './types';

export const BILLING_PAGE_SIZE = 10;

/** Everything billing shows lives under this key: a change or a live event refreshes it all. */
export const billingQueryKey = () => ['billing'] as const;
export const refreshBilling = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: billingQueryKey() });

/** The charges list's filters as the URL keeps them. */
export const CHARGE_FILTERS = {
  q: param.text,
  status: param.oneOf(CHARGE_FILTER_STATUSES),
  type: param.oneOf(CHARGE_TYPES),
  propertyId: param.id,
  unitId: param.id,
};
export type ChargeFilters = FiltersOf<typeof CHARGE_FILTERS>;

/** The payments list's filters as the URL keeps them. */
export const PAYMENT_FILTERS = {
  q: param.text,
  status: param.oneOf(PAYMENT_STATUSES),
  propertyId: param.id,
  unitId: param.id,
};
export type PaymentFilters = FiltersOf<typeof PAYMENT_FILTERS>;

const filterQuery = ({ q, ...rest }: { q: string }) => ({ q: q.trim(), ...rest });
const pageQuery = (page: number, pageSize = BILLING_PAGE_SIZE) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** GET /api/charges */
export const useCharges = (filters: ChargeFilters, page: number, enabled = true) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'charges', filters, page],
    queryFn: () => api.page<Charge>(withQuery('/api/charges', { ...filterQuery(filters), ...pageQuery(page) })),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/payments (`pageSize` for short lists such as the settings' history). */
export const usePayments = (filters: Partial<PaymentFilters>, page: number, pageSize = BILLING_PAGE_SIZE) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'payments', filters, page, pageSize],
    queryFn: () => api.page<Payment>(withQuery('/api/payments', { ...filterQuery({ q: '', ...filters }), ...pageQuery(page, pageSize) })),
    placeholderData: keepPreviousData,
  });

/** The CSV of a list as filtered (a ListToolbar's or the header's Export). */
export const chargesExport = (filters: ChargeFilters) => ({ path: withQuery('/api/charges/export', filterQuery(filters)), fileName: 'cargos.csv' });
export const paymentsExport = (filters: PaymentFilters) => ({ path: withQuery('/api/payments/export', filterQuery(filters)), fileName: 'pagos.csv' });

/** GET /api/billing/summary */
export const useBillingSummary = (propertyId: number | null) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'summary', propertyId],
    queryFn: () => api.get<BillingSummary>(withQuery('/api/billing/summary', { propertyId })),
  });

/** The reported transfers waiting for the administration (the tab's count). */
export const useReportedCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'reported-count'],
    queryFn: async () => (await api.page<Payment>('/api/payments?status=reported&limit=1')).total,
    enabled,
  });

/** GET /api/billing/units: the units whose ledger the user reads (a property's, for administrators). */
export const billingUnitsOptions = (propertyId: number | null, enabled = true) =>
  queryOptions({
    queryKey: [...billingQueryKey(), 'units', propertyId],
    queryFn: () => api.get<BillingUnit[]>(withQuery('/api/billing/units', { propertyId, limit: 500 })),
    enabled,
  });
export const useBillingUnits = (propertyId: number | null, enabled = true) => useQuery(billingUnitsOptions(propertyId, enabled));

/** GET /api/units/:id/statement */
export const useStatement = (unitId: number | null) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'statement', unitId],
    queryFn: () => api.get<Statement>(`/api/units/${unitId}/statement`),
    enabled: unitId !== null,
  });

/** The unit's pending charges, oldest due first (the allocation preview of "record payment"). */
export const useOpenCharges = (unitId: number | null) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'open-charges', unitId],
    queryFn: async () => {
      const { items } = await api.page<Charge>(withQuery('/api/charges', { unitId, status: 'pending', limit: 200 }));
      return items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
    },
    enabled: unitId !== null,
  });

/** The unit's reported transfers still waiting for the administration (the duplicate warning, the review). */
export const useWaitingReports = (unitId: number | null) =>
  useQuery({
    queryKey: [...billingQueryKey(), 'waiting-reports', unitId],
    queryFn: async () => (await api.page<Payment>(withQuery('/api/payments', { unitId, status: 'reported', limit: 50 }))).items,
    enabled: unitId !== null,
  });
