import type { Knex } from 'knex';

/**
 * The delinquency report adds the overdue charges up per unit in SQL: the pending charges'
 * index also carries the unit, so the sums read the index alone (no visit to the table's
 * rows), and unit numbers sort as people read them ('101' before '1001', as the report sorted
 * them in JavaScript with `localeCompare('es', { numeric: true })`).
 */
export async function up(knex: Knex) {
  await knex.raw(`
    create collation unit_number_order (provider = icu, locale = 'es-u-kn-true');
    drop index charges_pending_index;
    create index charges_pending_index on charges (organization_id, property_id, due_date) include (unit_id, amount, paid_amount) where status = 'pending';
  `);
}

export async function down(knex: Knex) {
  await knex.raw(`
    drop index charges_pending_index;
    create index charges_pending_index on charges (organization_id, property_id, due_date) include (amount, paid_amount) where status = 'pending';
    drop collation unit_number_order;
  `);
}
