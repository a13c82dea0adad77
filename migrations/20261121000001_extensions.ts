import type { Knex } from 'knex';

// pg_trgm: fast substring search on names and emails; btree_gist: the exclusion constraint
// that forbids double-booking an amenity.
export async function up(knex: Knex) {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw('create extension if not exists btree_gist');
}

export async function down(knex: Knex) {
  await knex.raw('drop extension if exists btree_gist');
  await knex.raw('drop extension if exists pg_trgm');
}
