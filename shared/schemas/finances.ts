import { z } from 'zod';
import { PAYMENT_METHODS } from '../enums';
import { EXPENSE_STATUSES, isValidNcf, isValidTaxId, taxIdDigits } from '../finances';
import { MAX_BILLING_AMOUNT, amountField } from './billing';
import { PageQuerySchema, clearableText, emailField, optionalPhone, clearablePhone, optionalText, requiredText, text } from './common';
import { dayField } from './dates';

/**
 * Finances requests (docs/modules/finances.md, "API"). Money is integer centavos of RD$: a
 * fractional or negative amount is refused, never rounded.
 */

const idField = (key: string) => z.number({ error: key }).int({ error: key }).positive({ error: key });
const queryId = z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).optional();

/** A fund's opening balance: 0 or more centavos. */
const openingBalanceField = () =>
  z
    .number({ error: 'integer_required' })
    .int({ error: 'integer_required' })
    .min(0, { error: 'min_zero' })
    .max(MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' });

/** `POST /api/properties/:id/funds`: an administrator's own fund (kind `other`). */
export const FundCreateSchema = z.object({
  name: requiredText('finances_fund_name_required', 'name'),
  openingBalance: openingBalanceField().default(0),
  openingDate: dayField('finances_opening_date_invalid'),
});
export type FundCreateInput = z.infer<typeof FundCreateSchema>;

/** `PATCH /api/funds/:id`: its name, opening balance and date. */
export const FundUpdateSchema = z.object({
  name: requiredText('finances_fund_name_required', 'name').optional(),
  openingBalance: openingBalanceField().optional(),
  openingDate: dayField('finances_opening_date_invalid').optional(),
});
export type FundUpdateInput = z.infer<typeof FundUpdateSchema>;

/** `GET /api/properties/:id/funds?date=`: balances at the end of that day (default today). */
export const FundListQuerySchema = z.object({ date: dayField('billing_date_invalid').optional() });

/** `POST /api/funds/transfers`: money moved between two funds of one property. */
export const FundTransferSchema = z
  .object({
    fromFundId: idField('finances_fund_required'),
    toFundId: idField('finances_fund_required'),
    amount: amountField(),
    date: dayField('billing_date_invalid'),
    description: requiredText('billing_description_required', 'title'),
  })
  .refine((value) => value.fromFundId !== value.toFundId, { path: ['toFundId'], error: 'finances_transfer_same_fund' });
export type FundTransferInput = z.infer<typeof FundTransferSchema>;

/** An RNC or cédula as typed, stored as its digits; empty clears it (suppliers, the organization). */
export const taxIdField = () =>
  text('code')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? taxIdDigits(value) : null))
    .refine((value) => value == null || isValidTaxId(value), { error: 'finances_tax_id_invalid' });

const supplierFields = {
  taxId: taxIdField(),
  phone: optionalPhone(),
  email: emailField().nullish().or(z.literal('').transform(() => null)).transform((value) => value || null),
  category: optionalText('name'),
  bankAccount: optionalText('line'),
  notes: optionalText('text'),
};

/** `POST /api/suppliers`. */
export const SupplierCreateSchema = z.object({ name: requiredText('finances_supplier_name_required', 'name'), ...supplierFields });
export type SupplierCreateInput = z.infer<typeof SupplierCreateSchema>;

/** `PATCH /api/suppliers/:id`: absent fields stay, empty ones are cleared. */
export const SupplierUpdateSchema = z.object({
  name: requiredText('finances_supplier_name_required', 'name').optional(),
  taxId: taxIdField(),
  phone: clearablePhone(),
  email: emailField().nullish().or(z.literal('').transform(() => null)),
  category: clearableText('name'),
  bankAccount: clearableText('line'),
  notes: clearableText('text'),
});
export type SupplierUpdateInput = z.infer<typeof SupplierUpdateSchema>;

/** `GET /api/suppliers?q=` */
export const SupplierListQuerySchema = PageQuerySchema;

/** An NCF or e-CF, uppercased; empty means none. */
const ncfField = () =>
  text('code')
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null))
    .refine((value) => value === null || isValidNcf(value), { error: 'finances_ncf_invalid' });

/** An expense's ITBIS: 0 or more centavos, shown apart from the amount. */
const itbisField = () =>
  z
    .number({ error: 'integer_required' })
    .int({ error: 'integer_required' })
    .min(0, { error: 'min_zero' })
    .max(MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' });

/**
 * `POST /api/expenses` (`Idempotency-Key` honoured): `amount` is before tax, `itbis` apart (0
 * when not given); what is owed is amount + ITBIS. `category`: one of EXPENSE_CATEGORIES or the
 * administrators' own.
 */
export const ExpenseCreateSchema = z.object({
  propertyId: idField('finances_property_required'),
  fundId: idField('finances_fund_required'),
  category: requiredText('finances_category_required', 'name'),
  supplierId: idField('finances_supplier_required').nullish(),
  invoiceNumber: optionalText('code'),
  ncf: ncfField(),
  issueDate: dayField('finances_issue_date_invalid'),
  dueDate: dayField('billing_due_date_invalid').nullish(),
  amount: amountField(),
  itbis: itbisField().default(0),
  description: requiredText('billing_description_required', 'title'),
  maintenanceRequestId: idField('invalid_value').nullish(),
});
export type ExpenseCreateInput = z.infer<typeof ExpenseCreateSchema>;

/** `GET /api/expenses`: `from`/`to` bound the issue date; `q` finds a description, invoice number, NCF or supplier. */
export const ExpenseListQuerySchema = PageQuerySchema.extend({
  propertyId: queryId,
  fundId: queryId,
  supplierId: queryId,
  category: text('name').optional(),
  status: z.enum(EXPENSE_STATUSES, { error: 'invalid_value' }).optional(),
  from: dayField('billing_date_invalid').optional(),
  to: dayField('billing_date_invalid').optional(),
});
export type ExpenseListQuery = z.infer<typeof ExpenseListQuerySchema>;

/**
 * `POST /api/expenses/:id/payments` (`Idempotency-Key` honoured): from the expense's fund and,
 * unless cash, from one of its property's bank accounts (commands/finances/bankAccounts.ts).
 */
export const ExpensePaymentSchema = z.object({
  amount: amountField(),
  paidAt: dayField('finances_paid_at_invalid'),
  method: z.enum(PAYMENT_METHODS, { error: 'billing_method_invalid' }),
  bankAccountId: idField('finances_bank_account_required').nullish(),
  reference: optionalText('code'),
});
export type ExpensePaymentInput = z.infer<typeof ExpensePaymentSchema>;

/** `POST /api/expenses/:id/void`. */
export const ExpenseVoidSchema = z.object({ reason: requiredText('billing_reason_required', 'text') });

/** `PATCH /api/expenses/:id`: while pending and unpaid; absent fields stay. */
export const ExpenseUpdateSchema = z.object({
  fundId: idField('finances_fund_required').optional(),
  category: requiredText('finances_category_required', 'name').optional(),
  supplierId: idField('finances_supplier_required').nullish(),
  invoiceNumber: clearableText('code'),
  ncf: text('code')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value.toUpperCase() : null))
    .refine((value) => value == null || isValidNcf(value), { error: 'finances_ncf_invalid' }),
  issueDate: dayField('finances_issue_date_invalid').optional(),
  dueDate: dayField('billing_due_date_invalid').nullish(),
  amount: amountField().optional(),
  itbis: itbisField().optional(),
  description: requiredText('billing_description_required', 'title').optional(),
  maintenanceRequestId: idField('invalid_value').nullish(),
});
export type ExpenseUpdateInput = z.infer<typeof ExpenseUpdateSchema>;
