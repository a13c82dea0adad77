import { z } from 'zod';
import {
  BANKS,
  BANK_CURRENCIES,
  BANK_LINE_STATUSES,
  STATEMENT_DATE_FORMATS,
  STATEMENT_DECIMAL_FORMATS,
} from '../financesBank';
import { MAX_BILLING_AMOUNT, amountField } from './billing';
import { clearableText, optionalText, requiredText, text } from './common';
import { dayField } from './dates';

/**
 * Bank accounts and reconciliation requests (docs/modules/finances.md, "Bank accounts and
 * reconciliation"). Money is integer centavos of RD$.
 */

const idField = (key: string) => z.number({ error: key }).int({ error: key }).positive({ error: key });

const balanceField = () =>
  z
    .number({ error: 'integer_required' })
    .int({ error: 'integer_required' })
    .min(-MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' })
    .max(MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' });

const last4Field = () => z.string({ error: 'finances_bank_last4_invalid' }).trim().regex(/^\d{4}$/, { error: 'finances_bank_last4_invalid' });
const fundIdsField = () => z.array(idField('finances_fund_required'), { error: 'finances_fund_required' }).max(20, { error: 'invalid_value' });

/** `POST /api/properties/:id/bank-accounts`: `fundIds` default to the operating fund. */
export const BankAccountCreateSchema = z.object({
  bank: z.enum(BANKS, { error: 'finances_bank_invalid' }),
  name: optionalText('name'),
  last4: last4Field(),
  currency: z.enum(BANK_CURRENCIES, { error: 'finances_bank_currency_invalid' }).default('DOP'),
  openingBalance: balanceField().default(0),
  openingDate: dayField('finances_opening_date_invalid'),
  fundIds: fundIdsField().optional(),
  receivesPayments: z.boolean({ error: 'invalid_value' }).default(false),
});
export type BankAccountCreateInput = z.infer<typeof BankAccountCreateSchema>;

/** `PATCH /api/bank-accounts/:id`: absent fields stay. */
export const BankAccountUpdateSchema = z.object({
  bank: z.enum(BANKS, { error: 'finances_bank_invalid' }).optional(),
  name: clearableText('name'),
  last4: last4Field().optional(),
  openingBalance: balanceField().optional(),
  openingDate: dayField('finances_opening_date_invalid').optional(),
  fundIds: fundIdsField().min(1, { error: 'finances_fund_required' }).optional(),
  receivesPayments: z.boolean({ error: 'invalid_value' }).optional(),
});
export type BankAccountUpdateInput = z.infer<typeof BankAccountUpdateSchema>;

const columnField = () => text('name', 'finances_statement_column_required').min(1, { error: 'finances_statement_column_required' });

/**
 * How a bank's CSV reads (chosen once per account and remembered): the header of each column
 * (`amount` signed, or `debit` and `credit` apart), the date and decimal formats.
 */
export const StatementMappingSchema = z
  .object({
    date: columnField(),
    description: columnField(),
    reference: columnField().nullish(),
    amount: columnField().nullish(),
    debit: columnField().nullish(),
    credit: columnField().nullish(),
    balance: columnField().nullish(),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: 'finances_statement_date_format_invalid' }),
    decimal: z.enum(STATEMENT_DECIMAL_FORMATS, { error: 'finances_statement_decimal_invalid' }),
  })
  .refine((value) => Boolean(value.amount) !== Boolean(value.debit || value.credit), { path: ['amount'], error: 'finances_statement_amount_columns' })
  .refine((value) => Boolean(value.amount) || Boolean(value.debit && value.credit), { path: ['debit'], error: 'finances_statement_amount_columns' });
export type StatementMapping = z.infer<typeof StatementMappingSchema>;

/** `POST /api/bank-accounts/:id/statements`: a CSV or OFX export, base64. */
export const StatementImportSchema = z.object({
  fileName: requiredText('finances_statement_file_name_required', 'file'),
  fileType: text('code').nullish().transform((value) => value || null),
  content: z.string({ error: 'finances_statement_content_invalid' }).min(1, { error: 'finances_statement_content_invalid' }),
  mapping: StatementMappingSchema.nullish(),
});
export type StatementImportInput = z.infer<typeof StatementImportSchema>;

const monthField = () => z.string({ error: 'finances_month_invalid' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'finances_month_invalid' });

/** `GET /api/bank-accounts/:id/lines?month&status&limit&offset`. */
export const BankLinesQuerySchema = z.object({
  month: monthField().optional(),
  status: z.enum(BANK_LINE_STATUSES, { error: 'invalid_value' }).optional(),
  limit: z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'invalid_value' }).max(5000, { error: 'invalid_value' }).optional(),
  offset: z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'invalid_value' }).default(0),
});
export type BankLinesQuery = z.infer<typeof BankLinesQuerySchema>;

/** `GET /api/bank-accounts/:id/reconciliation?month` and `POST` (to mark it reconciled). */
export const ReconciliationQuerySchema = z.object({ month: monthField() });

/** What a line creates when no book entry matches it: an expense (money out) or an other income (money in). */
const CreateFromLineSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('expense'),
      fundId: idField('finances_fund_required'),
      category: requiredText('finances_category_required', 'name'),
      supplierId: idField('finances_supplier_required').nullish(),
      description: requiredText('billing_description_required', 'title').optional(),
      itbis: z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' }).default(0),
    }),
    z.object({
      kind: z.literal('income'),
      fundId: idField('finances_fund_required'),
      description: requiredText('billing_description_required', 'title').optional(),
    }),
  ],
  { error: 'finances_bank_create_kind_invalid' },
);

/** `POST /api/bank-lines/:id/match`: exactly one of a payment, an expense payment, or what to create. */
export const BankLineMatchSchema = z
  .object({
    paymentId: idField('invalid_value').optional(),
    expensePaymentId: idField('invalid_value').optional(),
    create: CreateFromLineSchema.optional(),
  })
  .refine((value) => [value.paymentId, value.expensePaymentId, value.create].filter((item) => item !== undefined).length === 1, {
    path: ['paymentId'],
    error: 'finances_bank_match_one',
  });
export type BankLineMatchInput = z.infer<typeof BankLineMatchSchema>;

/** An other income recorded by itself (commands/finances/incomes.ts `recordIncome`). */
export const OtherIncomeSchema = z.object({
  fundId: idField('finances_fund_required'),
  bankAccountId: idField('finances_bank_account_required').nullish(),
  date: dayField('billing_date_invalid'),
  amount: amountField(),
  description: requiredText('billing_description_required', 'title'),
});
export type OtherIncomeInput = z.infer<typeof OtherIncomeSchema>;
