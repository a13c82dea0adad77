import type { Knex } from 'knex';
import { STAFF_SERVICES } from '../shared/enums';

// Suppliers tied to a property by the service they give there (docs/modules/maintenance.md):
// maintenance staff can be assigned its requests, security staff work its visitors desk.
export async function up(knex: Knex) {
  await knex.schema.createTable('property_staff', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.enu('service', STAFF_SERVICES).notNullable();
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['property_id', 'user_id', 'service']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('property_staff');
}
