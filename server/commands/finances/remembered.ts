import type { BankLinesQuery } from '../../../shared/schemas/financesBank';
import type { TrialBalance } from '../../../shared/schemas/financesBooks';
import { todayThere } from '../../../shared/time';
import { trialBalance } from '../../books/statements';
import { db } from '../../db';
import type { Property, User } from '../../models';
import type { FundRow } from '../../rows/finances';
import type { BankLineRow, StoredBankAccount } from '../../rows/financesBank';
import { rememberedRead } from '../../services/listTotals';
import { listBankLines } from './bankLines';
import { listFunds } from './funds';
import { computeMonthlyReport, publishedReport, type MonthlyReport } from './monthlyReport';
import { withInvoices } from './reportInvoices';
import { financesSummary, type FinancesSummary } from './summary';

/**
 * The finances page's reads, remembered per data version (services/listTotals.ts,
 * `rememberedRead`): what each answers depends only on its values (the property or account,
 * the day or month asked, and today's date where it counts "to date" or "past due", read by the
 * caller) and on the rows of the tables named here, every one of which raises its
 * organization's version (migration 20261220000100_finances_versions and earlier ones; unit_debts
 * is kept by the triggers of charges). While the version stays, a read asked again runs no
 * statement; any committed change to those rows, through the API or by any SQL, makes the next
 * one compute again. tests/api/finances-remembered.test.ts runs each read with its statements
 * recorded and checks that every table they name raises versions.
 */

/** A fund's balance: its opening, billing's income through allocations (less refunds), transfers, expense payments (voids), other incomes. */
const FUND_TABLES = ['funds', 'allocation_funds', 'payment_allocations', 'payment_refunds', 'fund_transfers', 'expense_payments', 'expenses', 'other_incomes'];
const SUMMARY_TABLES = [...FUND_TABLES, 'payments'];
const JOURNAL_TABLES = ['journal_entries', 'journal_lines', 'accounts'];
/** The bank's book (payments of the property's units, expense payments, other incomes) and the lines. */
const BANK_LINE_TABLES = ['bank_lines', 'payments', 'units', 'expense_payments', 'expenses', 'other_incomes'];
const DELINQUENCY_TABLES = ['unit_debts', 'charges', 'units', 'users', 'residents', 'payment_agreements', 'payments', 'properties'];
const REPORT_TABLES = [
  ...new Set([
    ...SUMMARY_TABLES,
    ...BANK_LINE_TABLES,
    ...DELINQUENCY_TABLES,
    'finance_reports',
    'charges',
    'suppliers',
    'budget_lines',
    'bank_accounts',
    'bank_reconciliations',
    'expense_attachments',
  ]),
];

/** The property's funds with their balances at the end of `day` (GET /api/properties/:id/funds). */
export const rememberedFunds = (user: User, property: Pick<Property, 'id'>, day = todayThere()): Promise<FundRow[]> =>
  rememberedRead(user, { name: 'funds', values: [property.id, day] }, FUND_TABLES, () => listFunds(property, day), db());

/** The finances page's cards and chart as of today (GET /api/finances/summary). */
export function rememberedSummary(user: User, property: Pick<Property, 'id'>): Promise<FinancesSummary> {
  const today = todayThere();
  return rememberedRead(user, { name: 'finances-summary', values: [property.id, today] }, SUMMARY_TABLES, () => financesSummary(property, today), db());
}

/** The trial balance at the end of `to` (GET /api/properties/:id/statements/trial-balance). */
export const rememberedTrialBalance = (user: User, propertyId: number, to: string): Promise<TrialBalance> =>
  rememberedRead(user, { name: 'trial-balance', values: [propertyId, to] }, JOURNAL_TABLES, () => trialBalance(db(), propertyId, to), db());

/** A page of a bank account's statement lines with their matches and suggestions (GET /api/bank-accounts/:id/lines). */
export const rememberedBankLines = (user: User, account: StoredBankAccount, filters: BankLinesQuery): Promise<{ rows: BankLineRow[]; total: number }> =>
  rememberedRead(
    user,
    { name: 'bank-lines', values: [account.id, filters.month ?? null, filters.status ?? null, filters.limit ?? null, filters.offset] },
    BANK_LINE_TABLES,
    () => listBankLines(account, filters),
    db(),
  );

export type MonthlyReportAnswer = { report: MonthlyReport; published: { version: number; publishedAt: string } | null };

/**
 * A month's report as its reader receives it: the published one when there is one (with each
 * expense's invoice files when `invoices`), else, for a `manager`, the figures computed now
 * (their delinquency as of today; `generatedAt` says when they were computed, and they still
 * hold while the version stays); null when neither (the caller answers 404).
 */
export function rememberedMonthlyReport(
  user: User,
  property: Pick<Property, 'id' | 'name'>,
  month: string,
  { manager, invoices }: { manager: boolean; invoices: boolean },
): Promise<MonthlyReportAnswer | null> {
  const today = todayThere();
  return rememberedRead(user, { name: 'monthly-report', values: [property.id, month, manager, invoices, today] }, REPORT_TABLES, async () => {
    const published = await publishedReport(db(), property.id, month);
    let answer: MonthlyReportAnswer;
    if (published) answer = { report: published.figures, published: { version: published.version, publishedAt: new Date(published.publishedAt).toISOString() } };
    else if (manager) answer = { report: await computeMonthlyReport(db(), user, property, month, today), published: null };
    else return null;
    return invoices ? { ...answer, report: await withInvoices(db(), answer.report) } : answer;
  }, db());
}
