import type { Knex } from 'knex';

/**
 * Attachments of an outbox email, by reference (server/mail/attachments.ts): a list of
 * `{ kind, id }` the worker renders when it sends, in the recipient's language. A notice sent to
 * five hundred owners stores a few bytes per email, not its PDF five hundred times.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('email_outbox', (t) => {
    t.jsonb('attachments').notNullable().defaultTo('[]');
  });
  await knex.raw(`alter table email_outbox add constraint email_outbox_attachments_check check (jsonb_typeof(attachments) = 'array')`);
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('email_outbox', (t) => {
    t.dropColumn('attachments');
  });
}
