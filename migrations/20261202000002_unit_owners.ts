import type { Knex } from 'knex';

/**
 * A unit's optional owner (a Propietario of the organization): billed for the unit's charges
 * before its residents, and a reader of its ledger (docs/modules/billing.md, "Who is billed").
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('units', (t) => {
    t.integer('owner_id').references('users.id').onDelete('SET NULL').index();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('units', (t) => {
    t.dropColumn('owner_id');
  });
}
