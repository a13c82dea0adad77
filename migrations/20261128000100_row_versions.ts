import type { Knex } from 'knex';

// Optimistic concurrency (server/db/versioned.ts): the rows people edit carry a version that
// each edit raises by one; an edit based on an older one answers 409. The organization's row
// also holds its system settings (organizations.settings), so they share its version.
const TABLES = ['properties', 'units', 'residents', 'amenities', 'broadcasts', 'organizations'];

export async function up(knex: Knex) {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('version').notNullable().defaultTo(1);
    });
  }
}

export async function down(knex: Knex) {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('version');
    });
  }
}
