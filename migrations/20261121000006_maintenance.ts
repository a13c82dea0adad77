import type { Knex } from 'knex';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES } from '../shared/enums';

export async function up(knex: Knex) {
  await knex.schema.createTable('maintenance_requests', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE').index();
    t.integer('unit_id').references('units.id').onDelete('SET NULL').index();
    t.integer('requested_by_id').references('users.id').onDelete('SET NULL').index();
    t.integer('assigned_to_id').references('users.id').onDelete('SET NULL').index();
    t.text('title').notNullable();
    t.text('description');
    t.enu('priority', MAINTENANCE_PRIORITIES).notNullable().defaultTo('medium');
    t.enu('status', MAINTENANCE_STATUSES).notNullable().defaultTo('pending');
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('scheduled_date', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.text('notes');
    t.timestamps(true, true);
    t.index(['property_id', 'status']);
  });

  // Comments and status history of a request.
  await knex.schema.createTable('maintenance_updates', (t) => {
    t.increments('id');
    t.integer('request_id').notNullable().references('maintenance_requests.id').onDelete('CASCADE').index();
    t.integer('updated_by_id').references('users.id').onDelete('SET NULL').index();
    t.text('content').notNullable();
    t.text('attachment_url');
    t.enu('status', MAINTENANCE_STATUSES); // the status set by this update, if any
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('maintenance_updates');
  await knex.schema.dropTable('maintenance_requests');
}
