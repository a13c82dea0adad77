import type { Knex } from 'knex';
import { PASS_KINDS, VISIT_TYPES, VISITOR_STATUSES } from '../shared/enums';

/**
 * Visitor passes and the front desk (docs/modules/visitors.md): the spec's `visitors` row becomes a
 * pass (one-time or recurring, weekdays, uses, plate, a revocable link token), walk-ins wait
 * for their host's answer, each entry is a row of `visits`, and each unit keeps a "do not
 * admit" list. Access codes are unique among live passes only (an old code may come back).
 */
export async function up(knex: Knex) {
  await knex.raw('alter table visitors drop constraint if exists visitors_visit_type_check');
  await knex.raw('alter table visitors drop constraint if exists visitors_status_check');
  await knex.raw('alter table visitors drop constraint if exists visitors_access_code_unique');
  await knex.schema.alterTable('visitors', (t) => {
    t.check(`visit_type in (${VISIT_TYPES.map((type) => `'${type}'`).join(', ')})`, [], 'visitors_visit_type_check');
    t.check(`status in (${VISITOR_STATUSES.map((status) => `'${status}'`).join(', ')})`, [], 'visitors_status_check');
    t.enu('pass_kind', PASS_KINDS).notNullable().defaultTo('one-time');
    t.timestamp('valid_from', { useTz: true });
    t.timestamp('valid_to', { useTz: true });
    t.specificType('weekdays', 'smallint[]');
    t.integer('max_uses');
    t.integer('uses').notNullable().defaultTo(0);
    t.text('vehicle_plate');
    t.text('pass_token').unique();
    t.timestamp('cancelled_at', { useTz: true });
    t.text('cancelled_reason');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.integer('checked_in_by_id').references('users.id').onDelete('SET NULL');
    t.integer('checked_out_by_id').references('users.id').onDelete('SET NULL');
    t.boolean('walk_in').notNullable().defaultTo(false);
    t.timestamp('decision_due_at', { useTz: true });
    t.timestamp('decided_at', { useTz: true });
    t.integer('decided_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('anonymized_at', { useTz: true });
    t.integer('version').notNullable().defaultTo(1);
    t.check('uses >= 0 and (max_uses is null or max_uses >= 1)', [], 'visitors_uses_check');
  });
  await knex.raw(`update visitors set valid_from = coalesce(expected_arrival, created_at),
    valid_to = coalesce(expected_departure, coalesce(expected_arrival, created_at) + interval '1 day'),
    pass_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`);
  await knex.raw(`create unique index visitors_live_code on visitors (access_code) where status in ('scheduled', 'pending', 'checked-in')`);
  await knex.raw('create index visitors_property_valid on visitors (property_id, valid_from, valid_to)');

  await knex.schema.createTable('visits', (t) => {
    t.increments('id');
    t.integer('visitor_id').notNullable().references('visitors.id').onDelete('CASCADE').index();
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.timestamp('checked_in_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('checked_in_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('checked_out_at', { useTz: true });
    t.integer('checked_out_by_id').references('users.id').onDelete('SET NULL');
    t.index(['property_id', 'checked_in_at']);
  });
  // One open visit per pass at a time.
  await knex.raw('create unique index visits_one_open on visits (visitor_id) where checked_out_at is null');

  await knex.schema.createTable('visitor_blocks', (t) => {
    t.increments('id');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE').index();
    t.text('name').notNullable();
    t.text('reason');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('visitor_blocks');
  await knex.schema.dropTable('visits');
  await knex.raw('drop index if exists visitors_live_code');
  await knex.raw('drop index if exists visitors_property_valid');
  await knex.schema.alterTable('visitors', (t) => {
    t.dropColumns('pass_kind', 'valid_from', 'valid_to', 'weekdays', 'max_uses', 'uses', 'vehicle_plate', 'pass_token', 'cancelled_at', 'cancelled_reason',
      'created_by_id', 'checked_in_by_id', 'checked_out_by_id', 'walk_in', 'decision_due_at', 'decided_at', 'decided_by_id', 'anonymized_at', 'version');
  });
  await knex.raw('alter table visitors add constraint visitors_access_code_unique unique (access_code)');
}
