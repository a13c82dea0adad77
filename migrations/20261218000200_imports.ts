import type { Knex } from 'knex';

/**
 * Onboarding imports (docs/modules/onboarding.md): one row per file an administrator uploads
 * for a property (units, people, balances or suppliers). It keeps the file's cells as read
 * (`columns`, `cells`), the column mapping, the last dry run's totals and per-row outcome, and
 * once applied what was written. The file itself is not kept. Who and when are the audit.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('imports', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.text('file_name').notNullable();
    t.text('sheet');
    t.text('status').notNullable().defaultTo('previewed');
    t.jsonb('columns').notNullable().defaultTo('[]');
    t.jsonb('cells').notNullable().defaultTo('[]');
    t.jsonb('mapping').notNullable().defaultTo('{}');
    t.jsonb('totals').notNullable().defaultTo('{}');
    t.jsonb('rows').notNullable().defaultTo('[]');
    t.integer('progress').notNullable().defaultTo(0);
    t.text('failure');
    t.timestamp('applied_at', { useTz: true });
    t.timestamps(true, true);
    t.check("?? in ('units', 'people', 'balances', 'suppliers')", ['kind'], 'imports_kind_check');
    t.check("?? in ('previewed', 'applying', 'applied', 'failed')", ['status'], 'imports_status_check');
    t.index(['organization_id', 'id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('imports');
}
