import type { Knex } from 'knex';
import { AMENITY_TYPES, BOOKING_STATUSES } from '../shared/enums';

// hourly_rate and total_cost are integer centavos of RD$.
export async function up(knex: Knex) {
  await knex.schema.createTable('amenities', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.enu('type', AMENITY_TYPES).notNullable().defaultTo('pool');
    t.text('description');
    t.integer('capacity').notNullable().defaultTo(0);
    t.integer('hourly_rate').notNullable().defaultTo(0);
    t.boolean('is_bookable').notNullable().defaultTo(true);
    t.time('opening_time');
    t.time('closing_time');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE').index();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT').index();
    t.timestamps(true, true);
    t.check('?? >= 0', ['capacity'], 'amenities_capacity_check');
    t.check('?? >= 0', ['hourly_rate'], 'amenities_hourly_rate_check');
    t.check('?? is null or ?? is null or ?? < ??', ['opening_time', 'closing_time', 'opening_time', 'closing_time'], 'amenities_hours_check');
  });

  await knex.schema.createTable('amenity_bookings', (t) => {
    t.increments('id');
    t.integer('amenity_id').notNullable().references('amenities.id').onDelete('CASCADE').index();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.timestamp('start_time', { useTz: true }).notNullable();
    t.timestamp('end_time', { useTz: true }).notNullable();
    t.enu('status', BOOKING_STATUSES).notNullable().defaultTo('pending');
    t.integer('attendees').notNullable().defaultTo(1);
    t.text('purpose');
    t.text('notes');
    t.integer('total_cost').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.check('?? > ??', ['end_time', 'start_time'], 'amenity_bookings_time_check');
    t.check('?? >= 1', ['attendees'], 'amenity_bookings_attendees_check');
    t.check('?? >= 0', ['total_cost'], 'amenity_bookings_total_cost_check');
  });
  // No double booking: live bookings of one amenity may not overlap in time.
  await knex.raw(`
    alter table amenity_bookings add constraint amenity_bookings_no_overlap
    exclude using gist (amenity_id with =, tstzrange(start_time, end_time) with &&)
    where (status in ('pending', 'confirmed'))
  `);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('amenity_bookings');
  await knex.schema.dropTable('amenities');
}
