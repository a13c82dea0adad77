import type { Knex } from 'knex';

/**
 * "Past due" on `today` (a date in the organization's zone): a charge still pending whose due
 * date is before that day (docs/modules/billing.md). The one definition: as a query condition,
 * and as SQL for a selected column (`?` is `today`).
 */
export const pastDue =
  (today: string, table = 'charges') =>
  (query: Knex.QueryBuilder) =>
    query.where(`${table}.status`, 'pending').where(`${table}.due_date`, '<', today);

export const pastDueSql = (table = 'charges') => `(${table}.status = 'pending' and ${table}.due_date < ?::date)`;
