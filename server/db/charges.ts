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

/**
 * The one gate of payment agreements (docs/modules/collections.md): SQL true when the charge
 * (`column`) is covered by an active agreement. Late fees are not issued on it
 * (lateFees.applyLateFees) and reminders skip it (collections/reminders): both resume
 * once the agreement is broken or cancelled.
 */
export const underKeptAgreementSql = (column = 'charges.id') =>
  `exists (select 1 from payment_agreement_charges kept_ac join payment_agreements kept_a on kept_a.id = kept_ac.agreement_id
    where kept_ac.charge_id = ${column} and kept_a.status = 'active')`;

