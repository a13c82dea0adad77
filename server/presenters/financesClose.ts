import type { PeriodState } from '../commands/finances/periods';
import type { RecurringExpenseRow } from '../commands/finances/recurring';
import type { FinancesSummary } from '../commands/finances/summary';
import { presentFund } from './finances';

const isoTime = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export const presentPeriod = (period: PeriodState) => ({
  month: period.month,
  status: period.status,
  closedAt: isoTime(period.closedAt),
  closedById: period.closedById,
  history: period.history.map((action) => ({ action: action.action, reason: action.reason, at: isoTime(action.at), userId: action.userId, userName: action.userName })),
});

export const presentRecurring = (row: RecurringExpenseRow) => ({
  id: row.id,
  propertyId: row.propertyId,
  fundId: row.fundId,
  fundName: row.fundName,
  category: row.category,
  supplierId: row.supplierId,
  supplierName: row.supplierName,
  amount: row.amount,
  itbis: row.itbis,
  description: row.description,
  dayOfMonth: row.dayOfMonth,
  active: row.active,
  firstMonth: row.firstMonth,
  lastIssuedMonth: row.lastIssuedMonth,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

export const presentSummary = (summary: FinancesSummary) => ({ ...summary, funds: summary.funds.map(presentFund) });
