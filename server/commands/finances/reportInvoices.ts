import type { Knex } from 'knex';
import type { MonthlyReport } from './monthlyReport';

export type ReportInvoice = { id: number; fileName: string; fileType: string };

/**
 * The report with each listed expense's invoice files (without their bytes) as `invoices`, for
 * a reader who may open them (policies/financeReports.ts, `mayOpenInvoices`): the files are read
 * now, not kept in the published figures, so a photo added after the close is linked too and
 * the switch turned off hides them at once. One query for all the report's expenses.
 */
export async function withInvoices(trx: Knex, report: MonthlyReport): Promise<MonthlyReport> {
  const ids = report.expenses.byCategory.flatMap((group) => group.items.map((item) => item.id));
  if (!ids.length) return report;
  const files: Array<ReportInvoice & { expenseId: number }> = await trx('expenseAttachments').whereIn('expenseId', ids).orderBy('id').select('id', 'expenseId', 'fileName', 'fileType');
  const byExpense = new Map<number, ReportInvoice[]>();
  for (const { expenseId, ...file } of files) byExpense.set(expenseId, [...(byExpense.get(expenseId) ?? []), file]);
  return {
    ...report,
    expenses: {
      ...report.expenses,
      byCategory: report.expenses.byCategory.map((group) => ({ ...group, items: group.items.map((item) => ({ ...item, invoices: byExpense.get(item.id) ?? [] })) })),
    },
  };
}
