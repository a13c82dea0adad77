import type { Knex } from 'knex';
import { JOIN_REQUEST_STATUSES } from '../shared/enums';

// A self-registered account's request to join a property: it grants nothing until an
// administrator of the organization approves it (creating the residence) or declines it.
export async function up(knex: Knex) {
  await knex.schema.createTable('join_requests', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    // The property the reference named, if any; the administrator chooses one otherwise.
    t.integer('property_id').references('properties.id').onDelete('SET NULL').index();
    // What the person typed (an id or a name), kept for the administrator to read.
    t.text('property_reference');
    t.enu('status', JOIN_REQUEST_STATUSES).notNullable().defaultTo('pending');
    t.integer('decided_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
    t.integer('resident_id').references('residents.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['organization_id', 'status', 'id']);
  });
  // One open request per person at a time.
  await knex.raw("create unique index join_requests_one_pending_idx on join_requests (user_id) where status = 'pending'");
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('join_requests');
}
