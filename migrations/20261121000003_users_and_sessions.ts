import type { Knex } from 'knex';
import { LANGUAGES, ROLES } from '../shared/enums';

export async function up(knex: Knex) {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('username').notNullable().unique(); // the login email, stored lowercase
    t.text('password').notNullable(); // scrypt hash, never returned
    t.text('name').notNullable();
    t.text('last_name');
    t.enu('role', ROLES).notNullable().defaultTo('Residente');
    t.text('email');
    t.text('phone');
    t.text('country');
    t.text('city');
    t.text('identification_number');
    t.text('property_ref');
    t.text('company_name');
    t.text('position');
    t.boolean('terms_accepted').notNullable().defaultTo(false);
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT').index();
    t.boolean('is_super_admin').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('must_change_password').notNullable().defaultTo(false);
    t.enu('language', LANGUAGES).notNullable().defaultTo('es');
    t.jsonb('preferences').notNullable().defaultTo('{}');
    t.binary('avatar');
    t.text('avatar_type');
    t.timestamps(true, true);
    t.check('?? = lower(??)', ['username', 'username'], 'users_username_lowercase');
    t.check("?? is null or ?? in ('image/jpeg', 'image/png', 'image/gif')", ['avatar_type', 'avatar_type'], 'users_avatar_type_check');
    t.index(['organization_id', 'role']);
  });

  // koa-session's store. user_id lets a password reset end every session of a user.
  await knex.schema.createTable('session', (t) => {
    t.text('sid').primary();
    t.jsonb('sess').notNullable();
    t.timestamp('expire', { useTz: true }).notNullable().index();
    t.integer('user_id').references('users.id').onDelete('CASCADE').index();
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('session');
  await knex.schema.dropTable('users');
}
