import type { Knex } from 'knex';

/**
 * Onboarding, second part (docs/modules/onboarding.md):
 * - `imports.mode` and `imports.invite`: how an import being applied by the worker was asked
 *   to be applied (all or nothing / valid rows; invitations for the people it creates);
 * - `exports`: the organization's (or one property's) data as a zip of CSVs, built by the
 *   worker, kept 24 hours (`expires_at`), then emptied by the sweep (`expired`).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('imports', (t) => {
    t.text('mode').notNullable().defaultTo('all');
    t.boolean('invite').notNullable().defaultTo(false);
  });
  await knex.raw(`alter table imports add constraint imports_mode_check check (mode in ('all', 'valid'))`);
  await knex.schema.createTable('exports', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').references('properties.id').onDelete('CASCADE');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('building');
    t.text('file_name');
    t.binary('content');
    t.integer('size_bytes');
    t.jsonb('counts').notNullable().defaultTo('{}');
    t.text('failure');
    t.timestamp('ready_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamps(true, true);
    t.check("?? in ('building', 'ready', 'failed', 'expired')", ['status'], 'exports_status_check');
    t.check("?? <> 'ready' or (?? is not null and ?? is not null)", ['status', 'content', 'expires_at'], 'exports_ready_check');
    t.index(['organization_id', 'id']);
    t.index(['status', 'expires_at']);
  });
  await knex.raw('alter table exports alter column content set storage external');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('exports');
  await knex.raw('alter table imports drop constraint imports_mode_check');
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('mode');
    t.dropColumn('invite');
  });
}
