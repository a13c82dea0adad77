import type { Knex } from 'knex';
import { DOCUMENT_ACCESS, DOCUMENT_CATEGORIES } from '../shared/enums';

const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export async function up(knex: Knex) {
  await knex.schema.createTable('documents', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.text('title').notNullable();
    t.enu('category', DOCUMENT_CATEGORIES).notNullable();
    t.enu('access', DOCUMENT_ACCESS).notNullable().defaultTo('public');
    t.text('file_name');
    t.text('file_size').notNullable(); // display text such as "1.5 MB"
    t.integer('size_bytes').notNullable();
    t.text('file_type').notNullable();
    t.binary('content').notNullable();
    t.integer('uploaded_by_id').references('users.id').onDelete('SET NULL').index();
    // Documents (contracts, minutes) must not vanish with a property: deleting it is refused.
    t.integer('property_id').references('properties.id').onDelete('RESTRICT').index();
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_modified', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("btrim(??) <> ''", ['title'], 'documents_title_check');
    t.check(`?? between 0 and ${MAX_DOCUMENT_BYTES}`, ['size_bytes'], 'documents_size_bytes_check');
    t.index(['organization_id', 'uploaded_at']);
    t.index(['organization_id', 'category']);
  });

  // Users a document with `custom` access is shared with ("shared with me").
  await knex.schema.createTable('document_shares', (t) => {
    t.integer('document_id').notNullable().references('documents.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.primary(['document_id', 'user_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('document_shares');
  await knex.schema.dropTable('documents');
}
