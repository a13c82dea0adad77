import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { Bank, BookEntryKind } from '@shared/financesBank';
import type { BankAccountCreateInput, BankLineMatchInput, StatementMapping } from '@shared/schemas/financesBank';

/** Bank accounts and reconciliation (docs/modules/finances.md, "Bank accounts and reconciliation"). */

export type BankAccount = {
  id: number;
  propertyId: number;
  bank: Bank;
  bankName: string;
  name: string | null;
  last4: string;
  openingBalance: number;
  openingDate: string;
  receivesPayments: boolean;
  fundIds: number[];
  mapping: StatementMapping | null;
  bookBalance: number;
};

export type BookEntry = { kind: BookEntryKind; id: number; date: string; amount: number; reference: string | null; description: string };

export type BankLine = {
  id: number;
  date: string;
  description: string;
  reference: string | null;
  amount: number;
  balance: number | null;
  status: 'matched' | 'unmatched';
  matched: BookEntry | null;
  suggestion: BookEntry | null;
};

export type Reconciliation = {
  month: string;
  bankClosing: number;
  bookClosing: number;
  difference: number;
  unreconciled: { bank: BankLine[]; book: BookEntry[]; bankTotal: number; bookTotal: number };
  reconciled: { byId: number | null; at: string } | null;
};

export type Fund = { id: number; name: string; kind: string };

export type ImportResult = { imported: number; duplicates: number; lines: BankLine[] };

const bankKey = () => ['finances', 'bank'] as const;
const accountsKey = (propertyId: number) => [...bankKey(), 'accounts', propertyId] as const;
const linesKey = (accountId: number, month: string, page: number) => [...bankKey(), 'lines', accountId, month, page] as const;

/** Statement lines per page of the reconciliation screen (a 2,000-line month is 40 pages). */
export const LINES_PAGE_SIZE = 50;
const reconciliationKey = (accountId: number, month: string) => [...bankKey(), 'reconciliation', accountId, month] as const;

/** Everything the reconciliation screen shows (a change here or a live event refreshes it). */
export const refreshBank = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: bankKey() });

export const useBankAccounts = (propertyId: number | null) =>
  useQuery({ queryKey: accountsKey(propertyId ?? 0), queryFn: () => api.get<BankAccount[]>(`/api/properties/${propertyId}/bank-accounts`), enabled: propertyId !== null });

export const useFunds = (propertyId: number | null) =>
  useQuery({ queryKey: [...bankKey(), 'funds', propertyId], queryFn: () => api.get<Fund[]>(`/api/properties/${propertyId}/funds`), enabled: propertyId !== null });

export const useBankLines = (accountId: number | null, month: string, page: number) =>
  useQuery({
    queryKey: linesKey(accountId ?? 0, month, page),
    queryFn: () => api.page<BankLine>(withQuery(`/api/bank-accounts/${accountId}/lines`, { month, limit: LINES_PAGE_SIZE, offset: (page - 1) * LINES_PAGE_SIZE })),
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
  });

export const useReconciliation = (accountId: number | null, month: string) =>
  useQuery({
    queryKey: reconciliationKey(accountId ?? 0, month),
    queryFn: () => api.get<Reconciliation>(withQuery(`/api/bank-accounts/${accountId}/reconciliation`, { month })),
    enabled: accountId !== null,
  });

/**
 * A key for one thing the user means to create (the Idempotency-Key header), made with
 * getRandomValues so it works on plain-HTTP installs too.
 */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `key-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function useBankMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshBank(queryClient) });
}

export const useCreateBankAccount = (propertyId: number) =>
  useBankMutation(({ body, key }: { body: Partial<BankAccountCreateInput>; key: string }) =>
    api.post<BankAccount>(`/api/properties/${propertyId}/bank-accounts`, body, { 'Idempotency-Key': key }),
  );

export const useImportStatement = (accountId: number) =>
  useBankMutation(({ body, key }: { body: { fileName: string; fileType: string; content: string; mapping?: StatementMapping }; key: string }) =>
    api.post<ImportResult>(`/api/bank-accounts/${accountId}/statements`, body, { 'Idempotency-Key': key }),
  );

export const useMatchLine = () =>
  useBankMutation(({ lineId, body, key }: { lineId: number; body: BankLineMatchInput; key: string }) =>
    api.post<BankLine>(`/api/bank-lines/${lineId}/match`, body, { 'Idempotency-Key': key }),
  );

export const useUnmatchLine = () => useBankMutation((lineId: number) => api.delete<BankLine>(`/api/bank-lines/${lineId}/match`));

export const useMarkReconciled = (accountId: number) =>
  useBankMutation((month: string) => api.post<Reconciliation>(`/api/bank-accounts/${accountId}/reconciliation`, { month }));
