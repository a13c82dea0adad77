import type { Knex } from 'knex';
import { BROADCAST_CATEGORIES, BROADCAST_STATUSES } from '../shared/enums';

export async function up(knex: Knex) {
  await knex.schema.createTable('broadcasts', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('message').notNullable();
    t.enu('category', BROADCAST_CATEGORIES).notNullable().defaultTo('announcement');
    t.enu('status', BROADCAST_STATUSES).notNullable().defaultTo('active');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('created_by').references('users.id').onDelete('SET NULL').index();
    t.timestamp('start_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('end_date', { useTz: true });
    t.timestamps(true, true);
    t.check('char_length(??) >= 3', ['title'], 'broadcasts_title_check');
    t.check('char_length(??) >= 10', ['message'], 'broadcasts_message_check');
    t.check('?? is null or ?? >= ??', ['end_date', 'end_date', 'start_date'], 'broadcasts_dates_check');
    t.index(['property_id', 'status', 'start_date']);
    t.index(['status', 'end_date']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('broadcasts');
}
