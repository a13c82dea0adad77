import type { Knex } from 'knex';
import { EVENT_AUDIENCES } from '../shared/enums';

// The outbox and activity feed: a domain change and its event are written in one transaction;
// the relay publishes rows whose published_at is null and marks them. An insert wakes the
// relay through NOTIFY (fired once per statement).
export async function up(knex: Knex) {
  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('id');
    t.text('type').notNullable();
    // Who may see it, in the activity feed and over Socket.IO: everyone of the organization,
    // its administrators, the readers of property_id, or only user_id.
    t.enu('audience', EVENT_AUDIENCES).notNullable();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    // Rooms the event is for; kept as plain ids so the audit trail outlives deleted rows.
    t.integer('property_id');
    t.integer('user_id');
    t.integer('actor_id').references('users.id').onDelete('SET NULL').index();
    t.text('subject_type');
    t.integer('subject_id');
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('published_at', { useTz: true });
    t.check("?? ~ '^[a-z_]+\\.[a-z_]+$'", ['type'], 'events_type_check');
    t.check("?? <> 'property' or ?? is not null", ['audience', 'property_id'], 'events_property_audience_check');
    t.check("?? <> 'user' or ?? is not null", ['audience', 'user_id'], 'events_user_audience_check');
    t.index(['organization_id', 'id']);
    t.index(['property_id', 'id']);
  });
  await knex.raw('create index events_unpublished_idx on events (id) where published_at is null');
  await knex.raw(`
    create function events_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('vecindad_events', '');
      return null;
    end $$;
    create trigger events_notify after insert on events
      for each statement execute function events_notify();
  `);
}

export async function down(knex: Knex) {
  await knex.raw('drop trigger if exists events_notify on events');
  await knex.raw('drop function if exists events_notify()');
  await knex.schema.dropTable('events');
}
