import type { Knex } from 'knex';

/**
 * The organization's RNC (its digits: 9 for an RNC, 11 for a cédula, check digit verified by
 * the schema) on its documents, and its uploaded logo: the bytes, checked by content (PNG or
 * JPEG), served at `/api/logos/<key>`. The key is random and changes with every upload, so the
 * address can be cached for good and cannot be guessed from the organization's id.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('organizations', (t) => {
    t.text('rnc');
  });
  await knex.raw(`alter table organizations add constraint organizations_rnc_check check (rnc ~ '^([0-9]{9}|[0-9]{11})$')`);
  await knex.schema.createTable('organization_logos', (t) => {
    t.integer('organization_id').primary().references('organizations.id').onDelete('CASCADE');
    t.text('key').notNullable().unique();
    t.text('file_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.binary('content').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    alter table organization_logos
      add constraint organization_logos_file_type_check check (file_type in ('image/png', 'image/jpeg')),
      add constraint organization_logos_key_check check (key ~ '^[a-f0-9]{32}$'),
      add constraint organization_logos_size_check check (size_bytes > 0 and size_bytes = octet_length(content))`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('organization_logos');
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('rnc');
  });
}
