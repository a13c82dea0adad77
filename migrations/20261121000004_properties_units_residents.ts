import type { Knex } from 'knex';
import { PROPERTY_STATUSES, PROPERTY_TYPES, RESIDENT_STATUSES } from '../shared/enums';

// Money columns (rent, monthly_rent) are integer centavos of RD$.
export async function up(knex: Knex) {
  await knex.schema.createTable('properties', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('address').notNullable();
    t.text('city');
    t.text('country');
    t.enu('type', PROPERTY_TYPES).notNullable().defaultTo('apartment');
    t.enu('status', PROPERTY_STATUSES).notNullable().defaultTo('vacant');
    t.integer('bedrooms');
    t.decimal('bathrooms', 2, 1);
    t.integer('area');
    t.integer('rent');
    t.integer('units').notNullable().defaultTo(1);
    t.text('description');
    t.binary('image');
    t.text('image_type');
    t.integer('owner_id').references('users.id').onDelete('SET NULL').index();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.timestamps(true, true);
    t.check('?? >= 1', ['units'], 'properties_units_check');
    t.check('?? >= 0', ['bedrooms'], 'properties_bedrooms_check');
    t.check('?? >= 0', ['bathrooms'], 'properties_bathrooms_check');
    t.check('?? >= 0', ['area'], 'properties_area_check');
    t.check('?? >= 0', ['rent'], 'properties_rent_check');
    t.check("?? is null or ?? in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')", ['image_type', 'image_type'], 'properties_image_type_check');
    t.index(['organization_id', 'name']);
  });

  await knex.schema.createTable('units', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.text('unit_number').notNullable();
    t.integer('floor');
    t.decimal('square_meters', 10, 2);
    t.integer('bedrooms');
    t.decimal('bathrooms', 3, 1);
    t.boolean('is_available').notNullable().defaultTo(true);
    t.integer('monthly_rent');
    t.timestamps(true, true);
    t.unique(['property_id', 'unit_number']);
    t.check("btrim(??) <> ''", ['unit_number'], 'units_unit_number_check');
    t.check('?? >= 1', ['square_meters'], 'units_square_meters_check');
    t.check('?? >= 0', ['bedrooms'], 'units_bedrooms_check');
    t.check('?? >= 0', ['bathrooms'], 'units_bathrooms_check');
    t.check('?? >= 0', ['monthly_rent'], 'units_monthly_rent_check');
  });

  await knex.schema.createTable('residents', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    // Null for a self-registered resident not yet placed in a unit. NO ACTION (checked at the
    // end of the statement): a unit with residents cannot be deleted on its own, but deleting
    // the property removes both.
    t.integer('unit_id').references('units.id').onDelete('NO ACTION').index();
    t.enu('status', RESIDENT_STATUSES).notNullable().defaultTo('active');
    t.date('start_date');
    t.date('end_date');
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.text('lease_document');
    t.timestamps(true, true);
    t.unique(['user_id', 'property_id']);
    t.index(['property_id', 'status']);
    t.check('?? is null or ?? is null or ?? >= ??', ['end_date', 'start_date', 'end_date', 'start_date'], 'residents_dates_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('residents');
  await knex.schema.dropTable('units');
  await knex.schema.dropTable('properties');
}
