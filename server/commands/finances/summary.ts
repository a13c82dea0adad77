import type { Knex } from 'knex';
import { todayThere } from '../../../shared/time';
import { db } from '../../db';
import type { Property } from '../../models';
import type { FundRow } from '../../rows/finances';
import { listFunds } from './funds';
import { monthDays } from './monthlyReport';

/**
 * The finances page's cards and chart (`GET /api/finances/summary?propertyId`): the funds with
 * their balances today, this month's income (confirmed payments received) and expenses (not
 * voided, by issue date, amount plus ITBIS), what is still owed of pending expenses, and the
 * cash flow of the last 12 months (money in: payments received; money out: expense payments
 * made, of expenses not voided), oldest month first.
 */
export type FinancesSummary = {
  month: string;
  funds: FundRow[];
  monthIncome: number;
  monthExpenses: number;
  pendingExpenses: { count: number; amount: number };
  cashFlow: Array<{ month: string; income: number; expenses: number }>;
};

export async function financesSummary(property: Pick<Property, 'id'>, today = todayThere(), trx: Knex = db()): Promise<FinancesSummary> {
  const month = today.slice(0, 7);
  const { from, to } = monthDays(month);
  const first = (() => {
    const date = new Date(`${from}T12:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() - 11);
    return date.toISOString().slice(0, 10);
  })();
  const [funds, income, expenses, pending, flowIn, flowOut] = await Promise.all([
    listFunds(property, today, trx),
    trx('payments').where({ propertyId: property.id, status: 'confirmed' }).whereBetween('receivedAt', [from, to]).first(trx.raw('coalesce(sum(amount), 0)::bigint as total')),
    trx('expenses').where({ propertyId: property.id }).whereNot('status', 'voided').whereBetween('issueDate', [from, to]).first(trx.raw('coalesce(sum(amount + itbis), 0)::bigint as total')),
    trx('expenses').where({ propertyId: property.id, status: 'pending' }).first(trx.raw('count(*)::int as count'), trx.raw('coalesce(sum(amount + itbis - paid_amount), 0)::bigint as amount')),
    trx('payments')
      .where({ propertyId: property.id, status: 'confirmed' })
      .whereBetween('receivedAt', [first, to])
      .groupByRaw("to_char(received_at, 'YYYY-MM')")
      .select(trx.raw("to_char(received_at, 'YYYY-MM') as month"), trx.raw('sum(amount)::bigint as total')),
    trx('expensePayments as p')
      .join('expenses as e', 'e.id', 'p.expenseId')
      .where('e.propertyId', property.id)
      .whereNot('e.status', 'voided')
      .whereBetween('p.paidAt', [first, to])
      .groupByRaw("to_char(p.paid_at, 'YYYY-MM')")
      .select(trx.raw("to_char(p.paid_at, 'YYYY-MM') as month"), trx.raw('sum(p.amount)::bigint as total')),
  ]);
  const cashFlow = Array.from({ length: 12 }, (_, index) => {
    const date = new Date(`${first}T12:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + index);
    const at = date.toISOString().slice(0, 7);
    return {
      month: at,
      income: Number(flowIn.find((row: { month: string }) => row.month === at)?.total ?? 0),
      expenses: Number(flowOut.find((row: { month: string }) => row.month === at)?.total ?? 0),
    };
  });
  return {
    month,
    funds,
    monthIncome: Number(income.total),
    monthExpenses: Number(expenses.total),
    pendingExpenses: { count: pending.count, amount: Number(pending.amount) },
    cashFlow,
  };
}
