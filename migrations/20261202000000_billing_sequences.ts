import type { Knex } from 'knex';

/**
 * Invoice and receipt numbers: sequential per organization, series and year, without gaps.
 * `billing_next_number` takes the next one by updating the counter row, which stays locked
 * until the transaction ends: concurrent transactions wait for it, and a transaction that
 * rolls back gives its number back. Numbers read `FAC-2026-000123` and `REC-2026-000045`.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('billing_sequences', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.enu('series', ['invoice', 'receipt']).notNullable();
    t.integer('year').notNullable();
    t.integer('last_number').notNullable();
    t.primary(['organization_id', 'series', 'year']);
    t.check('?? > 0', ['last_number'], 'billing_sequences_last_number_check');
  });
  await knex.raw(`
    create function billing_next_number(organization integer, series text, on_date date) returns text
    language sql volatile as $$
      insert into billing_sequences as s (organization_id, series, year, last_number)
      values (organization, series, extract(year from on_date)::int, 1)
      on conflict (organization_id, series, year) do update set last_number = s.last_number + 1
      returning case series when 'invoice' then 'FAC' else 'REC' end
        || '-' || s.year || '-' || lpad(s.last_number::text, 6, '0')
    $$`);
}

export async function down(knex: Knex) {
  await knex.raw('drop function billing_next_number(integer, text, date)');
  await knex.schema.dropTable('billing_sequences');
}
