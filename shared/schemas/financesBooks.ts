import { z } from 'zod';
import { ACCOUNT_KINDS } from '../books';
import { PageQuerySchema, requiredText } from './common';
import { dayField } from './dates';

/** The books' requests (docs/modules/finances.md, "The books underneath"). */

const queryId = z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).optional();
const codeField = () => z.string({ error: 'books_account_code_required' }).trim().regex(/^\d{1,10}$/, { error: 'books_account_code_required' });
const kindField = () => z.enum(ACCOUNT_KINDS, { error: 'books_account_kind_invalid' });
const day = () => dayField('books_date_invalid').optional();

/** `GET /api/accounts`: the chart of the organizations the administrator manages. */
export const AccountListQuerySchema = z.object({ organizationId: queryId, kind: kindField().optional() });
export type AccountListQuery = z.infer<typeof AccountListQuerySchema>;

/** `POST /api/accounts`: an account of the administrator's own (of their organization unless `organizationId` names another they manage). */
export const AccountCreateSchema = z.object({
  code: codeField(),
  name: requiredText('books_account_name_required', 'name'),
  kind: kindField(),
  organizationId: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).optional(),
});
export type AccountCreateInput = z.infer<typeof AccountCreateSchema>;

/** `PATCH /api/accounts/:id`: absent fields stay; `kind` only of an account nothing was posted to. */
export const AccountUpdateSchema = z.object({
  code: codeField().optional(),
  name: requiredText('books_account_name_required', 'name').optional(),
  kind: kindField().optional(),
  active: z.boolean({ error: 'invalid_value' }).optional(),
});
export type AccountUpdateInput = z.infer<typeof AccountUpdateSchema>;

/** `GET /api/journal`: entries by date (latest first), of a property, in a period, touching an account. */
export const JournalQuerySchema = PageQuerySchema.extend({ propertyId: queryId, accountId: queryId, from: day(), to: day() }).refine(
  (query) => !query.from || !query.to || query.from <= query.to,
  { error: 'books_period_invalid', path: ['from'] },
);
export type JournalQuery = z.infer<typeof JournalQuerySchema>;

/** The trial balance and the balance sheet at the end of `to` (today when not given). */
export const StatementAtSchema = z.object({ to: day() });

/** The income statement of a period (`from` the first of `to`'s year when not given; `to` today). */
export const StatementPeriodSchema = z
  .object({ from: day(), to: day() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'books_period_invalid', path: ['from'] });

export type AccountView = { id: number; organizationId: number; code: string; name: string; kind: (typeof ACCOUNT_KINDS)[number]; key: string | null; active: boolean };
export type StatementLine = { account: Pick<AccountView, 'id' | 'code' | 'name' | 'kind' | 'key'>; debit: number; credit: number; balance: number };
export type TrialBalance = { propertyId: number; to: string; lines: StatementLine[]; totalDebit: number; totalCredit: number };
export type BalanceSheet = {
  propertyId: number;
  to: string;
  assets: number;
  liabilities: number;
  equity: number;
  result: number;
  lines: StatementLine[];
  funds: Array<{ fundId: number; name: string; cash: number }>;
};
export type IncomeStatement = { propertyId: number; from: string; to: string; income: number; expenses: number; result: number; lines: StatementLine[] };
