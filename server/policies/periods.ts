import type { Knex } from 'knex';
import { dayOf, todayThere } from '../../shared/time';
import { AppError, textsWith } from '../errors';

/**
 * Period close (docs/modules/finances.md, "Period close"): a closed month of a property freezes
 * the money rows dated in it. This is the one guard every command that creates or changes a
 * charge, a payment, a late fee, a plan cuota, an expense, an expense payment or a fund
 * transfer calls in its own transaction, with the dates the change touches: any of them in a
 * closed month of the property answers 409 `period_closed`, naming the month in the user's
 * language. Later corrections go into an open month.
 */

const MONTH_NAMES = {
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
} as const;

/** 'YYYY-MM' as people read it: "marzo 2026", "March 2026". */
export const monthName = (month: string, language: 'es' | 'en') => `${MONTH_NAMES[language][Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month ('YYYY-MM') of a day ('YYYY-MM-DD'). */
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * The closed months among `months` of the property. The property's row is key-share locked
 * first (as any row inserted for it does): a close (commands/finances/periods.ts, which locks it
 * for update) waits for the change to commit, or the change for the close, and then sees it.
 */
export async function closedMonths(trx: Knex, propertyId: number, months: string[]): Promise<string[]> {
  if (!months.length) return [];
  await trx('properties').where({ id: propertyId }).forKeyShare().first('id');
  const rows: Array<{ month: string }> = await trx('financePeriods')
    .where({ propertyId, status: 'closed' })
    .whereIn('month', [...new Set(months)])
    .orderBy('month')
    .forShare()
    .select('month');
  return rows.map((row) => row.month);
}

/** Whether the month of `day` is closed for the property. */
export const isClosed = async (trx: Knex, propertyId: number, day: string) => (await closedMonths(trx, propertyId, [monthOf(day)])).length > 0;

/** 409 `period_closed` when any of `days` ('YYYY-MM-DD', nulls ignored) is in a closed month of the property. */
export async function assertPeriodOpen(trx: Knex, propertyId: number, ...days: Array<string | null | undefined>) {
  const [closed] = await closedMonths(trx, propertyId, days.filter((day): day is string => Boolean(day)).map(monthOf));
  if (closed) {
    throw new AppError(409, 'period_closed', textsWith('finances_period_closed', (language) => ({ month: monthName(closed, language) })), undefined);
  }
}

/** A charge's own month (the day it was issued, in the organization's zone) and today, for a change to it (a credit note, a waiver). */
export async function assertChargeOpen(trx: Knex, chargeId: number) {
  const charge = await trx('charges').where({ id: chargeId }).first('propertyId', 'createdAt');
  if (charge) await assertPeriodOpen(trx, charge.propertyId, dayOf(new Date(charge.createdAt)), todayThere());
}

/** An expense's issue month and the months of its payments (a void takes them all back). */
export async function assertExpenseOpen(trx: Knex, expense: { id: number; propertyId: number; issueDate: string }) {
  const paid: Array<{ paidAt: string }> = await trx('expensePayments').where({ expenseId: expense.id }).select('paidAt');
  await assertPeriodOpen(trx, expense.propertyId, expense.issueDate, ...paid.map((payment) => payment.paidAt));
}

/** Keeps, in a query over properties (`propertyColumn`), those whose month of `day` is not closed (the worker's cuotas, late fees and recurring expenses skip a closed month). */
export const whereMonthOpen = <Q extends Knex.QueryBuilder>(query: Q, trx: Knex, propertyColumn: string, day: string): Q =>
  query.whereNotExists(
    trx('finance_periods as closed_period').whereRaw(`closed_period.property_id = ${propertyColumn}`).where({ 'closed_period.month': monthOf(day), 'closed_period.status': 'closed' }),
  ) as Q;
