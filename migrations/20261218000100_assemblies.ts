import type { Knex } from 'knex';
import { ASSEMBLY_KINDS, ASSEMBLY_STATUSES, ATTENDANCE_VIA, ITEM_KINDS, ITEM_STATUSES, MAJORITIES, PROXY_STATUSES, WEIGHTINGS } from '../shared/assemblies';

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Owners' assemblies (docs/modules/assemblies.md): the assembly of a property with its agenda
 * items, the attendance per unit, proxies (poderes) with their signed letter, and one ballot
 * per unit and item (unique: the database keeps it one under any concurrency). Each ballot
 * keeps the unit's weight when it was cast, so a closed item's result is reproducible from
 * its ballots; the result itself is frozen on the item when it closes.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('assemblies', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.text('kind').notNullable().defaultTo('ordinary');
    t.text('title').notNullable();
    t.text('status').notNullable().defaultTo('draft');
    t.timestamp('first_call_at', { useTz: true }).notNullable();
    t.timestamp('second_call_at', { useTz: true }).notNullable();
    t.text('place');
    t.text('meeting_url');
    t.integer('quorum_first_call').notNullable().defaultTo(50);
    t.boolean('block_delinquent').notNullable().defaultTo(false);
    t.jsonb('quorum_first').nullable();
    t.jsonb('quorum_second').nullable();
    t.integer('minutes_document_id').references('documents.id').onDelete('SET NULL');
    t.text('cancel_reason');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('convened_at', { useTz: true });
    t.timestamp('started_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.integer('version').notNullable().defaultTo(1);
    t.timestamps(true, true);
    t.index(['property_id', 'first_call_at']);
    t.index(['organization_id', 'first_call_at']);
  });
  await knex.raw(`
    alter table assemblies add constraint assemblies_kind_check check (kind in (${inList(ASSEMBLY_KINDS)}));
    alter table assemblies add constraint assemblies_status_check check (status in (${inList(ASSEMBLY_STATUSES)}));
    alter table assemblies add constraint assemblies_calls_check check (second_call_at >= first_call_at);
    alter table assemblies add constraint assemblies_quorum_check check (quorum_first_call between 0 and 99);
  `);

  await knex.schema.createTable('assembly_items', (t) => {
    t.increments('id');
    t.integer('assembly_id').notNullable().references('assemblies.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('title').notNullable();
    t.text('description');
    t.text('kind').notNullable().defaultTo('vote');
    t.jsonb('options').notNullable().defaultTo('[]');
    t.text('majority').notNullable().defaultTo('simple');
    t.text('weighting').notNullable().defaultTo('share');
    t.boolean('secret').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('opened_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.jsonb('quorum').nullable();
    t.jsonb('result').nullable();
    t.unique(['assembly_id', 'position']);
  });
  await knex.raw(`
    alter table assembly_items add constraint assembly_items_kind_check check (kind in (${inList(ITEM_KINDS)}));
    alter table assembly_items add constraint assembly_items_status_check check (status in (${inList(ITEM_STATUSES)}));
    alter table assembly_items add constraint assembly_items_majority_check check (majority in (${inList(MAJORITIES)}));
    alter table assembly_items add constraint assembly_items_weighting_check check (weighting in (${inList(WEIGHTINGS)}));
  `);

  await knex.schema.createTable('assembly_proxies', (t) => {
    t.increments('id');
    t.integer('assembly_id').notNullable().references('assemblies.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE');
    t.integer('holder_user_id').references('users.id').onDelete('SET NULL');
    t.text('holder_name');
    t.text('holder_id_number');
    t.text('letter_name');
    t.text('letter_type').notNullable();
    t.binary('letter').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.integer('decided_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['assembly_id', 'unit_id']);
  });
  await knex.raw(`
    alter table assembly_proxies add constraint assembly_proxies_status_check check (status in (${inList(PROXY_STATUSES)}));
    alter table assembly_proxies add constraint assembly_proxies_holder_check check (holder_user_id is not null or holder_name is not null);
    create unique index assembly_proxies_approved_unique on assembly_proxies (assembly_id, unit_id) where status = 'approved';
  `);

  await knex.schema.createTable('assembly_attendance', (t) => {
    t.increments('id');
    t.integer('assembly_id').notNullable().references('assemblies.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE');
    t.boolean('present').notNullable().defaultTo(true);
    t.text('via').notNullable();
    t.integer('recorded_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['assembly_id', 'unit_id']);
  });
  await knex.raw(`alter table assembly_attendance add constraint assembly_attendance_via_check check (via in (${inList(ATTENDANCE_VIA)}))`);

  await knex.schema.createTable('assembly_votes', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().references('assembly_items.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE');
    t.text('option').notNullable();
    t.bigInteger('weight').notNullable();
    t.integer('voter_id').references('users.id').onDelete('SET NULL');
    t.integer('proxy_id').references('assembly_proxies.id').onDelete('SET NULL');
    t.boolean('in_room').notNullable().defaultTo(false);
    t.integer('changes').notNullable().defaultTo(0);
    t.timestamp('cast_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['item_id', 'unit_id']);
  });
  await knex.raw(`alter table assembly_votes add constraint assembly_votes_weight_check check (weight >= 0)`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('assembly_votes');
  await knex.schema.dropTable('assembly_attendance');
  await knex.schema.dropTable('assembly_proxies');
  await knex.schema.dropTable('assembly_items');
  await knex.schema.dropTable('assemblies');
}
