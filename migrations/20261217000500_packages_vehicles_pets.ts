import type { Knex } from 'knex';
import { PACKAGE_CARRIERS, PACKAGE_SIZES, PACKAGE_STATUSES, PET_SPECIES } from '../shared/enums';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The desk's other work (docs/modules/packages.md): packages logged at the desk with a 6-digit
 * pickup code for their unit, a photo and, at pickup, who took them and their signature;
 * vehicles per unit found by plate; pets per unit with their vaccination record.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('packages', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE');
    t.text('carrier').notNullable();
    t.text('tracking');
    t.text('size').notNullable().defaultTo('medium');
    t.boolean('perishable').notNullable().defaultTo(false);
    t.text('shelf');
    t.text('notes');
    t.text('status').notNullable().defaultTo('waiting');
    t.specificType('pickup_code', 'char(6)').notNullable();
    t.text('photo_type');
    t.specificType('photo', 'bytea');
    t.integer('logged_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('picked_up_at', { useTz: true });
    t.integer('picked_up_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('picked_up_by_name');
    t.text('picked_up_by_id_number');
    t.specificType('signature', 'bytea');
    t.integer('handed_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('returned_at', { useTz: true });
    t.integer('returned_by_id').references('users.id').onDelete('SET NULL');
    t.text('return_reason');
    t.date('last_reminded_on');
    t.integer('reminders').notNullable().defaultTo(0);
    t.timestamp('anonymized_at', { useTz: true });
    t.integer('version').notNullable().defaultTo(1);
    t.check(`carrier in (${list(PACKAGE_CARRIERS)})`, [], 'packages_carrier_check');
    t.check(`size in (${list(PACKAGE_SIZES)})`, [], 'packages_size_check');
    t.check(`status in (${list(PACKAGE_STATUSES)})`, [], 'packages_status_check');
    t.check(`pickup_code ~ '^[0-9]{6}$'`, [], 'packages_pickup_code_check');
    // A closed package says how: picked up with who took it, or returned with why.
    t.check(
      `(status <> 'waiting' or (picked_up_at is null and returned_at is null))
       and (status <> 'picked_up' or (picked_up_at is not null and (picked_up_by_user_id is not null or picked_up_by_name is not null)))
       and (status <> 'returned' or (returned_at is not null and return_reason is not null))`,
      [],
      'packages_closed_check',
    );
  });
  await knex.raw('create index packages_property_status on packages (property_id, status, created_at desc)');
  await knex.raw('create index packages_unit_status on packages (unit_id, status, created_at desc)');
  await knex.raw(`create index packages_waiting on packages (created_at) where status = 'waiting'`);
  // The administrators' log across properties, newest first.
  await knex.raw('create index packages_created on packages (created_at desc, id desc)');
  await knex.raw('create index packages_retention on packages (id) where anonymized_at is null and (photo is not null or signature is not null or picked_up_by_name is not null)');

  await knex.schema.createTable('vehicles', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE').index();
    t.text('plate').notNullable();
    t.text('make');
    t.text('model');
    t.text('colour');
    t.text('parking_spot');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`plate ~ '^[A-Z0-9]{1,12}$'`, [], 'vehicles_plate_check');
  });
  await knex.raw('create unique index vehicles_unit_plate on vehicles (unit_id, plate)');
  await knex.raw('create index vehicles_plate_trgm on vehicles using gin (plate gin_trgm_ops)');
  await knex.raw('create index vehicles_property_plate on vehicles (property_id, plate)');
  // The desk finds visitor passes by plate the same way.
  await knex.raw(`create index visitors_plate_trgm on visitors using gin ((replace(replace(upper(vehicle_plate), ' ', ''), '-', '')) gin_trgm_ops) where vehicle_plate is not null`);

  await knex.schema.createTable('pets', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE').index();
    t.text('name').notNullable();
    t.text('species').notNullable();
    t.text('breed');
    t.text('record_name');
    t.text('record_type');
    t.specificType('record', 'bytea');
    t.date('record_expires_on');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`species in (${list(PET_SPECIES)})`, [], 'pets_species_check');
  });
  await knex.raw('create index pets_property_expiry on pets (property_id, record_expires_on)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('pets');
  await knex.raw('drop index if exists visitors_plate_trgm');
  await knex.schema.dropTable('vehicles');
  await knex.schema.dropTable('packages');
}
