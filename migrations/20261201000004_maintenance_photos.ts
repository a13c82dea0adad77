import type { Knex } from 'knex';
import { MAINTENANCE_PHOTO_TYPES, MAX_MAINTENANCE_PHOTO_BYTES } from '../shared/schemas/maintenance';

// Photos of a request, each added by an update of its timeline. Bytes are kept like
// documents' (bytea out of line, uncompressed: images are compressed already).
export async function up(knex: Knex) {
  await knex.schema.createTable('maintenance_photos', (t) => {
    t.increments('id');
    t.integer('request_id').notNullable().references('maintenance_requests.id').onDelete('CASCADE').index();
    t.integer('update_id').references('maintenance_updates.id').onDelete('SET NULL').index();
    t.integer('uploaded_by_id').references('users.id').onDelete('SET NULL');
    t.text('file_name');
    t.enu('file_type', Object.keys(MAINTENANCE_PHOTO_TYPES)).notNullable();
    t.integer('size_bytes').notNullable();
    t.binary('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`?? > 0 and ?? <= ${MAX_MAINTENANCE_PHOTO_BYTES}`, ['size_bytes', 'size_bytes'], 'maintenance_photos_size_bytes_check');
  });
  await knex.raw('alter table maintenance_photos alter column content set storage external');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('maintenance_photos');
}
