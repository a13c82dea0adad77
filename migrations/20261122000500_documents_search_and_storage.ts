import type { Knex } from 'knex';

// - Title search (`?q=`, case- and accent-insensitive with vecindad_fold) through a trigram
//   index instead of reading every row of a large organization.
// - File bytes kept out of line uncompressed: PDFs, images and Office files are compressed
//   already, and an uncompressed TOAST value lets a download read it slice by slice
//   (`substring` fetches only the chunks it needs instead of decompressing from the start).
//   Applies to rows written from now on.
export async function up(knex: Knex) {
  await knex.raw('create index documents_title_trgm on documents using gin (public.vecindad_fold(title) gin_trgm_ops)');
  await knex.raw('alter table documents alter column content set storage external');
}

export async function down(knex: Knex) {
  await knex.raw('alter table documents alter column content set storage extended');
  await knex.raw('drop index if exists documents_title_trgm');
}
