import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountKind } from '@shared/books';
import type { AccountView, BalanceSheet, IncomeStatement, TrialBalance } from '@shared/schemas/financesBooks';
import { api, withQuery } from '@client/lib/api';

/** The books as the statements screen reads them (server/routes/financesBooks.ts). */

export const STATEMENTS_PAGE_SIZE = 25;
const booksKey = () => ['finances', 'books'] as const;

export type JournalLine = { accountId: number; code: string; name: string; fundId: number | null; debit: number; credit: number };
export type JournalEntry = {
  id: number;
  propertyId: number | null;
  date: string;
  source: { type: string; id: number | null };
  description: string;
  reversesEntryId: number | null;
  reversedByEntryId: number | null;
  createdAt: string;
  lines: JournalLine[];
};

const statementPath = (propertyId: number, name: string, query: Record<string, string | null>) =>
  withQuery(`/api/properties/${propertyId}/statements/${name}`, query);

/** The PDF of a statement (the same figures, with the organization's letterhead). */
export const balanceSheetPdfPath = (propertyId: number, to: string) => statementPath(propertyId, 'balance-sheet.pdf', { to });
export const incomePdfPath = (propertyId: number, from: string, to: string) => statementPath(propertyId, 'income.pdf', { from, to });

export const useTrialBalance = (propertyId: number | null, to: string) =>
  useQuery({
    queryKey: [...booksKey(), 'trial-balance', propertyId, to],
    queryFn: () => api.get<TrialBalance>(statementPath(propertyId!, 'trial-balance', { to })),
    enabled: propertyId !== null,
  });

export const useBalanceSheet = (propertyId: number | null, to: string) =>
  useQuery({
    queryKey: [...booksKey(), 'balance-sheet', propertyId, to],
    queryFn: () => api.get<BalanceSheet>(statementPath(propertyId!, 'balance-sheet', { to })),
    enabled: propertyId !== null,
  });

export const useIncomeStatement = (propertyId: number | null, from: string, to: string) =>
  useQuery({
    queryKey: [...booksKey(), 'income', propertyId, from, to],
    queryFn: () => api.get<IncomeStatement>(statementPath(propertyId!, 'income', { from, to })),
    enabled: propertyId !== null && from <= to,
  });

/** GET /api/journal (latest first, paged). */
export const useJournal = (filters: { propertyId: number | null; accountId: number | null; from: string | null; to: string | null }, page: number) =>
  useQuery({
    queryKey: [...booksKey(), 'journal', filters, page],
    queryFn: () =>
      api.page<JournalEntry>(withQuery('/api/journal', { ...filters, limit: STATEMENTS_PAGE_SIZE, offset: (page - 1) * STATEMENTS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

/** GET /api/accounts: the organization's chart. */
export const useAccounts = () => useQuery({ queryKey: [...booksKey(), 'accounts'], queryFn: () => api.get<AccountView[]>('/api/accounts') });

export type AccountBody = { code?: string; name?: string; kind?: AccountKind; active?: boolean };

/** POST /api/accounts, PATCH /api/accounts/:id; both refresh the books. */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AccountBody }) =>
      id === null ? api.post<AccountView>('/api/accounts', body) : api.patch<AccountView>(`/api/accounts/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksKey() }),
  });
}
