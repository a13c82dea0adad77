import type { Knex } from 'knex';
import type { Budget, BudgetInput } from '../../../shared/schemas/financesClose';
import { todayThere } from '../../../shared/time';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';

/**
 * The annual budget per property, year and category (docs/modules/finances.md, "Budget"):
 * twelve monthly amounts per category; the actuals are the property's expenses that are not
 * voided, amount plus ITBIS, in the month of their issue date.
 */

export async function budgetLines(trx: Knex, propertyId: number, year: number): Promise<Array<{ category: string; months: number[] }>> {
  const rows: Array<{ category: string; months: number[] }> = await trx('budgetLines').where({ propertyId, year }).orderBy(['category']).select('category', 'months');
  return rows.map((row) => ({ category: row.category, months: row.months.map(Number) }));
}

/** The year's actual expenses per category: twelve monthly totals (centavos). */
export async function monthlyActuals(trx: Knex, propertyId: number, year: number): Promise<Map<string, number[]>> {
  const rows: Array<{ category: string; month: number; total: number }> = await trx('expenses')
    .where({ propertyId })
    .whereNot('status', 'voided')
    .whereBetween('issueDate', [`${year}-01-01`, `${year}-12-31`])
    .groupBy('category', trx.raw('extract(month from issue_date)'))
    .select('category', trx.raw('extract(month from issue_date)::int as month'), trx.raw('sum(amount + itbis)::bigint as total'));
  const actuals = new Map<string, number[]>();
  for (const row of rows) {
    const months = actuals.get(row.category) ?? Array<number>(12).fill(0);
    months[row.month - 1] = Number(row.total);
    actuals.set(row.category, months);
  }
  return actuals;
}

/** The months of `year` counted "to date" on `today`: all of a past year, none of a future one. */
export function monthsToDate(year: number, today = todayThere()) {
  const current = Number(today.slice(0, 4));
  return year < current ? 12 : year > current ? 0 : Number(today.slice(5, 7));
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * A property's budget of `year` with its actuals: a line per budgeted category and per category
 * spent without a budget; to date (monthsToDate) the budget, the actual and the variance
 * (budget - actual: positive is under budget), and the totals of every column.
 */
export async function readBudget(trx: Knex, propertyId: number, year: number, today = todayThere()): Promise<Budget> {
  const budget = await budgetLines(trx, propertyId, year);
  const actuals = await monthlyActuals(trx, propertyId, year);
  const throughMonth = monthsToDate(year, today);
  const zeros = () => Array<number>(12).fill(0);
  const categories = [...budget.map((line) => line.category), ...[...actuals.keys()].filter((category) => !budget.some((line) => line.category === category)).sort()];
  const lines = categories.map((category) => {
    const months = budget.find((line) => line.category === category)?.months ?? zeros();
    const actual = actuals.get(category) ?? zeros();
    const budgetToDate = sum(months.slice(0, throughMonth));
    const actualToDate = sum(actual.slice(0, throughMonth));
    return { category, months, actual, budgetToDate, actualToDate, variance: budgetToDate - actualToDate };
  });
  const column = (pick: (line: (typeof lines)[number]) => number[]) => zeros().map((_, index) => sum(lines.map((line) => pick(line)[index])));
  const budgetToDate = sum(lines.map((line) => line.budgetToDate));
  const actualToDate = sum(lines.map((line) => line.actualToDate));
  return { year, throughMonth, lines, totals: { months: column((line) => line.months), actual: column((line) => line.actual), budgetToDate, actualToDate, variance: budgetToDate - actualToDate } };
}

/** Replaces a property's budget of a year with the lines given (a category not sent is removed). */
export async function saveBudget(trx: Knex, actor: User, property: Property, input: BudgetInput): Promise<Budget> {
  await trx('budgetLines').where({ propertyId: property.id, year: input.year }).delete();
  if (input.lines.length) {
    await trx('budgetLines').insert(input.lines.map((line) => ({ organizationId: property.organizationId, propertyId: property.id, year: input.year, category: line.category, months: line.months })));
  }
  const budget = await readBudget(trx, property.id, input.year);
  await recordEvent(trx, {
    type: 'budget.updated',
    organizationId: property.organizationId,
    audience: 'administrators',
    propertyId: property.id,
    actorId: actor.id,
    subject: { type: 'property', id: property.id },
    payload: { propertyId: property.id, year: input.year, categories: input.lines.length, total: sum(budget.totals.months) },
  });
  return budget;
}
