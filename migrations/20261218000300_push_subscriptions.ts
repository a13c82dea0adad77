import type { Knex } from 'knex';

/**
 * Web Push (docs/modules/push.md): one subscription per user and device (browser), found by
 * its endpoint; the worker records its last use and its last failure; a 404/410 answer of the
 * push service removes it.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    t.text('device_label').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('last_failed_at', { useTz: true });
    t.text('last_error');
    t.index(['user_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('push_subscriptions');
}
