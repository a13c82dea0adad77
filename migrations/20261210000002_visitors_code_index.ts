import type { Knex } from 'knex';

/**
 * The desk looks a pass up by its code at a property, live or not (a used pass answers "ya
 * usado"). Only live codes were indexed (unique), so the lookup read every pass of the
 * property: a cost that grew with its history (1,000 passes a tower in the bench).
 */
export async function up(knex: Knex) {
  await knex.raw('create index visitors_property_code on visitors (property_id, access_code)');
}

export async function down(knex: Knex) {
  await knex.raw('drop index visitors_property_code');
}
