import type { Knex } from 'knex';
import { VISITOR_STATUSES } from '../shared/enums';

export async function up(knex: Knex) {
  await knex.schema.createTable('visitors', (t) => {
    t.increments('id');
    t.integer('host_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('unit_id').references('units.id').onDelete('SET NULL').index();
    t.text('name').notNullable();
    t.text('email');
    t.text('phone');
    t.text('purpose');
    t.enu('visit_type', ['guest', 'service']).notNullable().defaultTo('guest');
    t.timestamp('expected_arrival', { useTz: true });
    t.timestamp('expected_departure', { useTz: true });
    t.timestamp('check_in_time', { useTz: true });
    t.timestamp('check_out_time', { useTz: true });
    t.enu('status', VISITOR_STATUSES).notNullable().defaultTo('scheduled');
    t.text('access_code').notNullable().unique();
    t.text('notes');
    t.timestamps(true, true);
    t.index(['property_id', 'expected_arrival']);
    t.check('?? is null or ?? is null or ?? >= ??', ['expected_departure', 'expected_arrival', 'expected_departure', 'expected_arrival'], 'visitors_expected_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('visitors');
}
