import type { Knex } from 'knex';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from '../shared/enums';

export async function up(knex: Knex) {
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.enu('type', ORGANIZATION_TYPES).notNullable().defaultTo('client');
    t.enu('status', ORGANIZATION_STATUSES).notNullable().defaultTo('active');
    t.integer('parent_id').references('organizations.id').onDelete('RESTRICT').index();
    t.text('domain').unique();
    t.text('logo');
    t.text('primary_color').defaultTo('#2563eb');
    t.text('secondary_color').defaultTo('#db2777');
    t.text('accent_color');
    t.text('address');
    t.text('subscription_plan');
    t.integer('max_users');
    t.integer('max_properties');
    t.text('contact_email');
    t.text('contact_phone');
    // System settings of the organization (names, extra colours, module switches).
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.check('?? <> ??', ['parent_id', 'id'], 'organizations_parent_not_self');
    t.check('?? >= 0', ['max_users'], 'organizations_max_users_check');
    t.check('?? >= 0', ['max_properties'], 'organizations_max_properties_check');
    t.check("?? = lower(??)", ['domain', 'domain'], 'organizations_domain_lowercase');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('organizations');
}
