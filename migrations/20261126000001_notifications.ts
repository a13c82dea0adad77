import type { Knex } from 'knex';
import { EMAIL_KINDS, EMAIL_STATUSES, LANGUAGES, NOTIFICATION_CATEGORIES, TOKEN_PURPOSES } from '../shared/enums';

// The inbox (one row per recipient of an event), the email outbox, the record of events whose
// notifications were written, and single-use tokens (invitations, password resets).
export async function up(knex: Knex) {
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('event_id').references('events.id').onDelete('SET NULL').index();
    t.text('type').notNullable(); // the event type it tells of
    t.enu('category', NOTIFICATION_CATEGORIES).notNullable();
    // One notification per user and key: the event by default, the thing itself for things
    // that must be told once (a broadcast created as a draft and published later).
    t.text('key').notNullable();
    t.text('subject_type');
    t.integer('subject_id');
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.text('link');
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'key']);
    t.index(['user_id', 'id']);
    t.index(['subject_type', 'subject_id']);
    t.check("?? ~ '^[a-z_]+\\.[a-z_]+$'", ['type'], 'notifications_type_check');
  });
  await knex.raw('create index notifications_unread_idx on notifications (user_id) where read_at is null');

  await knex.schema.createTable('notified_events', (t) => {
    t.bigInteger('event_id').primary().references('events.id').onDelete('CASCADE');
    t.integer('recipients').notNullable().defaultTo(0);
    t.timestamp('notified_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The sweep looks for recent events without notifications.
  await knex.raw('create index events_created_at_idx on events (created_at)');
  // Events recorded before the inbox existed are history, not news: nobody is told of them now.
  await knex.raw('insert into notified_events (event_id) select id from events');

  await knex.schema.createTable('email_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL').index();
    t.bigInteger('event_id').references('events.id').onDelete('SET NULL').index();
    t.bigInteger('notification_id').unique().references('notifications.id').onDelete('SET NULL');
    t.enu('kind', EMAIL_KINDS).notNullable();
    t.enu('category', NOTIFICATION_CATEGORIES).notNullable();
    t.enu('language', LANGUAGES).notNullable();
    t.text('to_address').notNullable();
    t.text('from_address').notNullable();
    t.text('reply_to');
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    t.jsonb('headers').notNullable().defaultTo('{}');
    t.enu('status', EMAIL_STATUSES).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.text('message_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.index(['organization_id', 'id']);
    t.index(['status', 'id']);
    t.check('?? >= 0', ['attempts'], 'email_outbox_attempts_check');
  });

  await knex.schema.createTable('user_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.enu('purpose', TOKEN_PURPOSES).notNullable();
    t.text('token_hash').notNullable().unique(); // sha256 of the token; the token is only in the email
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
    t.check('?? > ??', ['expires_at', 'created_at'], 'user_tokens_expiry_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('user_tokens');
  await knex.schema.dropTable('email_outbox');
  await knex.raw('drop index if exists events_created_at_idx');
  await knex.schema.dropTable('notified_events');
  await knex.schema.dropTable('notifications');
}
