import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import { todayThere } from '../../../shared/time';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import { computeMonthlyReport } from './monthlyReport';

/**
 * Period close per property and month (docs/modules/finances.md, "Period close"). Closing
 * freezes the money rows dated in the month (policies/periods.ts refuses changes to them) and
 * publishes the month's report: its figures as they are now, to the owners and residents of
 * the property. Reopening needs a reason; the report is withdrawn until the month is closed
 * again (a new version). Every close and reopen is kept with who, when and why.
 */

export type PeriodAction = { action: 'closed' | 'reopened'; reason: string | null; at: Date; userId: number | null; userName: string | null };
export type PeriodState = { month: string; status: 'open' | 'closed'; closedAt: Date | null; closedById: number | null; history: PeriodAction[] };

const periodEvent = (type: 'period.closed' | 'period.reopened', actor: User, property: Property, month: string, reason: string | null) => ({
  type,
  organizationId: property.organizationId,
  audience: 'administrators' as const,
  propertyId: property.id,
  actorId: actor.id,
  subject: { type: 'property', id: property.id },
  payload: { propertyId: property.id, propertyName: property.name, month, reason },
});

/** The period row of a month, created open when missing, locked for the transaction. */
async function lockedPeriod(trx: Knex, property: Property, month: string) {
  // Waits for the changes of the property in flight (policies/periods.ts); new ones wait for this.
  await trx('properties').where({ id: property.id }).forUpdate().first('id');
  await trx('financePeriods').insert({ organizationId: property.organizationId, propertyId: property.id, month, status: 'open' }).onConflict(['propertyId', 'month']).ignore();
  return trx('financePeriods').where({ propertyId: property.id, month }).forUpdate().first();
}

/** Closes a month (not one still to come) and publishes its report; closing a closed month: 409. */
export async function closePeriod(trx: Knex, actor: User, property: Property, month: string, reason: string | null) {
  if (month > todayThere().slice(0, 7)) throw conflict(messageText('finances_period_future'), 'period_future');
  const period = await lockedPeriod(trx, property, month);
  if (period.status === 'closed') throw conflict(messageText('finances_period_already_closed'), 'period_already_closed');
  await trx('financePeriods').where({ id: period.id }).update({ status: 'closed', closedAt: trx.fn.now(), closedById: actor.id, updatedAt: trx.fn.now() });
  await trx('financePeriodActions').insert({ periodId: period.id, action: 'closed', reason, userId: actor.id });
  const figures = await computeMonthlyReport(trx, actor, property, month);
  const [report] = await trx('financeReports')
    .insert({ organizationId: property.organizationId, propertyId: property.id, month, status: 'published', figures, version: 1, publishedAt: trx.fn.now(), publishedById: actor.id })
    .onConflict(['propertyId', 'month'])
    .merge({ status: 'published', figures, version: trx.raw('finance_reports.version + 1'), publishedAt: trx.fn.now(), publishedById: actor.id, withdrawnAt: null })
    .returning(['id', 'version']);
  await recordEvent(trx, periodEvent('period.closed', actor, property, month, reason), {
    type: 'finance_report.published',
    organizationId: property.organizationId,
    audience: 'property',
    propertyId: property.id,
    actorId: actor.id,
    subject: { type: 'finance_report', id: report.id },
    payload: { propertyId: property.id, propertyName: property.name, month, version: report.version, income: figures.income.total, expenses: figures.expenses.total },
  });
  return readPeriod(trx, property.id, month);
}

/** Reopens a closed month with a reason (recorded) and withdraws its report; a month not closed: 409. */
export async function reopenPeriod(trx: Knex, actor: User, property: Property, month: string, reason: string) {
  const period = await lockedPeriod(trx, property, month);
  if (period.status !== 'closed') throw conflict(messageText('finances_period_not_closed'), 'period_not_closed');
  await trx('financePeriods').where({ id: period.id }).update({ status: 'open', updatedAt: trx.fn.now() });
  await trx('financePeriodActions').insert({ periodId: period.id, action: 'reopened', reason, userId: actor.id });
  await trx('financeReports').where({ propertyId: property.id, month }).update({ status: 'withdrawn', withdrawnAt: trx.fn.now() });
  await recordEvent(trx, periodEvent('period.reopened', actor, property, month, reason));
  return readPeriod(trx, property.id, month);
}

/** The months of a year (or one month) with their state and history, oldest first. */
export async function listPeriods(trx: Knex, propertyId: number, months: string[]): Promise<PeriodState[]> {
  const rows: Array<{ id: number; month: string; status: 'open' | 'closed'; closedAt: Date | null; closedById: number | null }> = await trx('financePeriods')
    .where({ propertyId })
    .whereIn('month', months);
  const actions: Array<PeriodAction & { periodId: number }> = rows.length
    ? await trx('financePeriodActions as a')
        .leftJoin('users', 'users.id', 'a.userId')
        .whereIn('a.periodId', rows.map((row) => row.id))
        .orderBy('a.id')
        .select('a.periodId', 'a.action', 'a.reason', 'a.createdAt as at', 'a.userId', trx.raw("nullif(trim(concat_ws(' ', users.name, users.last_name)), '') as user_name"))
    : [];
  return months.map((month) => {
    const row = rows.find((found) => found.month === month);
    return {
      month,
      status: row?.status ?? 'open',
      closedAt: row?.status === 'closed' ? row.closedAt : null,
      closedById: row?.status === 'closed' ? row.closedById : null,
      history: row ? actions.filter((action) => action.periodId === row.id).map(({ periodId: _, ...action }) => action) : [],
    };
  });
}

export const readPeriod = async (trx: Knex, propertyId: number, month: string) => (await listPeriods(trx, propertyId, [month]))[0];
