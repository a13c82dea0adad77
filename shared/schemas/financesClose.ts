import { z } from 'zod';
import { MAX_BILLING_AMOUNT, amountField } from './billing';
import { requiredText, text } from './common';

/**
 * Finances: period close, budget, recurring expense templates, the monthly report and the
 * summary (docs/modules/finances.md, "API"). Money is integer centavos.
 */

const idField = (key: string) => z.number({ error: key }).int({ error: key }).positive({ error: key });
const queryId = (key = 'invalid_value') => z.coerce.number({ error: key }).int({ error: key }).positive({ error: key });

/** A month as 'YYYY-MM'. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = (key = 'finances_month_invalid') => z.string({ error: key }).regex(MONTH_PATTERN, { error: key });

/** `POST /api/properties/:id/periods/:month/close`: an optional note. */
export const PeriodCloseSchema = z.object({ reason: text('text').nullish().transform((value) => value || null) });
/** `POST /api/properties/:id/periods/:month/reopen`: the reason is required. */
export const PeriodReopenSchema = z.object({ reason: requiredText('finances_reopen_reason_required', 'text') });

/** `GET /api/properties/:id/periods?year=` (default this year). */
export const PeriodListQuerySchema = z.object({ year: z.coerce.number({ error: 'finances_year_invalid' }).int({ error: 'finances_year_invalid' }).min(2000, { error: 'finances_year_invalid' }).max(2100, { error: 'finances_year_invalid' }).optional() });

const yearField = () => z.number({ error: 'finances_year_invalid' }).int({ error: 'finances_year_invalid' }).min(2000, { error: 'finances_year_invalid' }).max(2100, { error: 'finances_year_invalid' });

/** `GET /api/properties/:id/budget?year=` (default this year). */
export const BudgetQuerySchema = PeriodListQuerySchema;

const budgetAmount = () =>
  z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' }).max(MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' });

/** `PUT /api/properties/:id/budget`: the whole year's lines (categories not sent are removed). */
export const BudgetSchema = z
  .object({
    year: yearField(),
    lines: z
      .array(
        z.object({
          category: requiredText('finances_category_required', 'name'),
          months: z.array(budgetAmount(), { error: 'finances_budget_months' }).length(12, { error: 'finances_budget_months' }),
        }),
        { error: 'invalid_value' },
      )
      .max(100, { error: 'invalid_value' }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.lines.forEach((line, index) => {
      if (seen.has(line.category)) ctx.addIssue({ code: 'custom', path: ['lines', index, 'category'], message: 'finances_budget_category_twice' });
      seen.add(line.category);
    });
  });
export type BudgetInput = z.infer<typeof BudgetSchema>;

const dayOfMonthField = () =>
  z.number({ error: 'finances_day_of_month_invalid' }).int({ error: 'finances_day_of_month_invalid' }).min(1, { error: 'finances_day_of_month_invalid' }).max(28, { error: 'finances_day_of_month_invalid' });
const itbisField = () => z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' }).max(MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' });

/** `POST /api/properties/:id/recurring-expenses`: a template issued as a pending expense each month on `dayOfMonth` (1-28). */
export const RecurringExpenseCreateSchema = z.object({
  fundId: idField('finances_fund_required'),
  category: requiredText('finances_category_required', 'name'),
  supplierId: idField('finances_supplier_required').nullish(),
  amount: amountField(),
  itbis: itbisField().default(0),
  description: requiredText('billing_description_required', 'title'),
  dayOfMonth: dayOfMonthField(),
  active: z.boolean({ error: 'invalid_value' }).default(true),
});
export type RecurringExpenseCreateInput = z.infer<typeof RecurringExpenseCreateSchema>;

/** `PATCH /api/recurring-expenses/:id`: absent fields stay; applies to the months not issued yet. */
export const RecurringExpenseUpdateSchema = z.object({
  fundId: idField('finances_fund_required').optional(),
  category: requiredText('finances_category_required', 'name').optional(),
  supplierId: idField('finances_supplier_required').nullish(),
  amount: amountField().optional(),
  itbis: itbisField().optional(),
  description: requiredText('billing_description_required', 'title').optional(),
  dayOfMonth: dayOfMonthField().optional(),
  active: z.boolean({ error: 'invalid_value' }).optional(),
});
export type RecurringExpenseUpdateInput = z.infer<typeof RecurringExpenseUpdateSchema>;

/** `GET /api/properties/:id/reports/monthly?month=YYYY-MM` (and `.pdf`). */
export const MonthlyReportQuerySchema = z.object({ month: monthField() });

/** `GET /api/properties/:id/reports`: the published reports, newest first. */
export const ReportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `GET /api/finances/summary?propertyId=`. */
export const FinancesSummaryQuerySchema = z.object({ propertyId: queryId('finances_property_required') });

/** One budget line with its actuals (GET /budget). */
export type BudgetLine = { category: string; months: number[]; actual: number[]; budgetToDate: number; actualToDate: number; variance: number };
export type Budget = { year: number; throughMonth: number; lines: BudgetLine[]; totals: { months: number[]; actual: number[]; budgetToDate: number; actualToDate: number; variance: number } };
