import type { Knex } from 'knex';
import { addDays, todayThere } from '../../../shared/time';
import { db } from '../../db';
import { readTogether } from '../../db/transaction';
import type { Property, User } from '../../models';
import { delinquencyReport } from '../delinquency';
import { budgetLines, monthlyActuals } from './budget';
import type { StoredBankAccount } from '../../rows/financesBank';
import { listFundsAround } from './funds';
import { reconciliation } from './reconciliation';

/**
 * The owners' monthly report (rendición de cuentas; docs/modules/finances.md): per property
 * and month, each fund's opening and closing balance, income by charge type, expenses by
 * category with each expense listed, the delinquency summary, budget vs actual, and the bank
 * reconciliation status. Closing the month keeps these figures as its published report.
 */

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
  /** The invoice files, only in what a reader who may open them receives (reportInvoices.ts); never kept in the published figures. */
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
  /** Each bank account of the property at the month's end: the bank's and the book's balances and whether the month was marked reconciled. */
  bankReconciliation: Array<{ bankAccountId: number; bank: string; last4: string; bankClosing: number; bookClosing: number; difference: number; reconciled: boolean }>;
  generatedAt: string;
};

/** The first and last day of a month ('YYYY-MM'). */
export function monthDays(month: string) {
  const from = `${month}-01`;
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const next = number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** Confirmed payments received in the month: their total and what they paid, by the type of charge (the rest is the units' credit). */
async function monthIncome(trx: Knex, propertyId: number, from: string, to: string): Promise<MonthlyReport['income']> {
  const received = () => trx('payments').where({ 'payments.propertyId': propertyId, 'payments.status': 'confirmed' }).whereBetween('payments.receivedAt', [from, to]);
  const [totals, byType] = await readTogether<[{ total: string; payments: number }, Array<{ type: string; amount: number }>]>(
    trx,
    () => received().first(trx.raw('coalesce(sum(payments.amount), 0)::bigint as total'), trx.raw('count(*)::int as payments')),
    () =>
      received()
        .join('paymentAllocations', 'paymentAllocations.paymentId', 'payments.id')
        .join('charges', 'charges.id', 'paymentAllocations.chargeId')
        .groupBy('charges.type')
        .orderBy('charges.type')
        .select('charges.type', trx.raw('sum(payment_allocations.amount)::bigint as amount')),
  );
  const allocated = byType.reduce((sum, row) => sum + Number(row.amount), 0);
  return { byType: byType.map((row) => ({ type: row.type, amount: Number(row.amount) })), credit: Number(totals.total) - allocated, total: Number(totals.total), payments: totals.payments };
}

/** The month's expenses that are not voided (by issue date), by category, each listed. */
async function monthExpenses(trx: Knex, propertyId: number, from: string, to: string): Promise<MonthlyReport['expenses']> {
  const rows: Array<Omit<ReportExpense, 'total'>> = await trx('expenses')
    .join('funds', 'funds.id', 'expenses.fundId')
    .leftJoin('suppliers', 'suppliers.id', 'expenses.supplierId')
    .where('expenses.propertyId', propertyId)
    .whereNot('expenses.status', 'voided')
    .whereBetween('expenses.issueDate', [from, to])
    .orderBy(['expenses.category', 'expenses.issueDate', 'expenses.id'])
    .select(
      'expenses.id',
      'expenses.issueDate',
      'expenses.category',
      'expenses.description',
      'suppliers.name as supplierName',
      'expenses.invoiceNumber',
      'expenses.ncf',
      'funds.name as fundName',
      'expenses.amount',
      'expenses.itbis',
      'expenses.status',
    );
  const byCategory = new Map<string, { category: string; total: number; items: ReportExpense[] }>();
  for (const row of rows) {
    const group = byCategory.get(row.category) ?? { category: row.category, total: 0, items: [] };
    const item = { ...row, total: row.amount + row.itbis };
    group.items.push(item);
    group.total += item.total;
    byCategory.set(row.category, group);
  }
  const groups = [...byCategory.values()];
  return { byCategory: groups, total: groups.reduce((sum, group) => sum + group.total, 0), count: rows.length };
}

/** The budget of the month's year against the actual expenses, for the month and the year to it. */
async function monthBudget(trx: Knex, propertyId: number, month: string): Promise<MonthlyReport['budget']> {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const [budget, actuals] = await readTogether(
    trx,
    () => budgetLines(trx, propertyId, year),
    () => monthlyActuals(trx, propertyId, year),
  );
  const categories = [...new Set([...budget.map((line) => line.category), ...actuals.keys()])];
  const upTo = (values: number[]) => values.slice(0, monthIndex + 1).reduce((sum, value) => sum + value, 0);
  const zeros = Array<number>(12).fill(0);
  return {
    year,
    monthIndex,
    lines: categories.map((category) => {
      const planned = budget.find((line) => line.category === category)?.months ?? zeros;
      const actual = actuals.get(category) ?? zeros;
      const [budgetToDate, actualToDate] = [upTo(planned), upTo(actual)];
      return { category, budget: planned[monthIndex], actual: actual[monthIndex], variance: planned[monthIndex] - actual[monthIndex], budgetToDate, actualToDate, varianceToDate: budgetToDate - actualToDate };
    }),
  };
}

/** What units owe past due `today` (the delinquency report of the property: units, amount, aging). */
async function delinquencySummary(trx: Knex, user: User, propertyId: number, today: string): Promise<MonthlyReport['delinquency']> {
  const report = await delinquencyReport(user, { propertyId, offset: 0 }, trx, today);
  return {
    asOf: today,
    units: report.total,
    overdue: report.totals.overdue,
    buckets: { '0-30': report.totals['0-30'], '31-60': report.totals['31-60'], '61-90': report.totals['61-90'], '90+': report.totals['90+'] },
    rows: report.rows.map((row) => ({ unitNumber: row.unitNumber, overdue: row.overdue, daysLate: row.daysLate, oldestDueDate: row.oldestDueDate })),
  };
}

/** The month's reconciliation of each of the property's bank accounts (reconciliation.ts). */
async function monthReconciliation(trx: Knex, propertyId: number, month: string): Promise<MonthlyReport['bankReconciliation']> {
  const accounts: StoredBankAccount[] = await trx('bankAccounts').where({ propertyId }).orderBy('id');
  return readTogether(
    trx,
    ...accounts.map((account) => async () => {
      const { bankClosing, bookClosing, difference, reconciled } = await reconciliation(account, month, trx);
      return { bankAccountId: account.id, bank: account.bank, last4: account.last4, bankClosing, bookClosing, difference, reconciled: reconciled !== null };
    }),
  );
}

/**
 * The report's figures, computed now from the rows (`user`: an administrator of the property,
 * whose reach the delinquency report reads; its delinquency as of `today`). Its parts are read
 * at once (outside a transaction, each on a connection of its own).
 */
export async function computeMonthlyReport(trx: Knex, user: User, property: Pick<Property, 'id' | 'name'>, month: string, today = todayThere()): Promise<MonthlyReport> {
  const { from, to } = monthDays(month);
  const [funds, income, expenses, delinquency, budget, bankReconciliation] = await readTogether(
    trx,
    () => listFundsAround(property, addDays(from, -1), to, trx),
    () => monthIncome(trx, property.id, from, to),
    () => monthExpenses(trx, property.id, from, to),
    () => delinquencySummary(trx, user, property.id, today),
    () => monthBudget(trx, property.id, month),
    () => monthReconciliation(trx, property.id, month),
  );
  return {
    propertyId: property.id,
    propertyName: property.name,
    month,
    from,
    to,
    funds: funds.map((fund) => ({ id: fund.id, name: fund.name, kind: fund.kind, opening: fund.opening, closing: fund.balance })),
    income,
    expenses,
    delinquency,
    budget,
    bankReconciliation,
    generatedAt: new Date().toISOString(),
  };
}

export type PublishedReport = { id: number; propertyId: number; month: string; status: 'published' | 'withdrawn'; version: number; publishedAt: Date; figures: MonthlyReport };

/** A property's published report of a month (withdrawn ones only with `withdrawn`). */
export async function publishedReport(trx: Knex, propertyId: number, month: string, { withdrawn = false } = {}): Promise<PublishedReport | undefined> {
  const query = trx('financeReports').where({ propertyId, month });
  if (!withdrawn) query.where({ status: 'published' });
  return query.first();
}

/** The published reports of a property, newest month first. */
export async function listPublishedReports(propertyId: number, page: { limit?: number; offset: number }, trx: Knex = db()) {
  const query = trx('financeReports').where({ propertyId, status: 'published' });
  const [{ count }] = await query.clone().count({ count: '*' });
  const rows = query.clone().orderBy('month', 'desc').offset(page.offset).select('id', 'propertyId', 'month', 'version', 'publishedAt');
  if (page.limit) rows.limit(page.limit);
  return { rows: (await rows) as Array<Omit<PublishedReport, 'figures' | 'status'>>, total: Number(count) };
}
