import type { Knex } from 'knex';

/**
 * A property's number of units is the number of its rows in `units` (counted when read), not
 * a figure typed beside them that could disagree.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('properties', (t) => t.dropColumn('units'));
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('properties', (t) => t.integer('units').notNullable().defaultTo(1));
  await knex.raw('update properties set units = greatest(1, (select count(*) from units where units.property_id = properties.id))');
  await knex.raw('alter table properties add constraint properties_units_check check (units >= 1)');
}
