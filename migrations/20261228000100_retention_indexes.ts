import type { Knex } from 'knex';

/**
 * The retention sweep (Ley 172-13) walks visits and packages by id in batches: a partial index
 * of the ids not yet anonymised makes each batch read only its range's rows still to do, and
 * anonymised rows leave it, so a sweep never reads again what an earlier one finished. The
 * packages' index covered only rows with a photo, signature or name, which the sweep's query
 * (every package not yet anonymised) could not use.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index visitors_retention on visitors (id) where anonymized_at is null');
  await knex.raw('drop index if exists packages_retention');
  await knex.raw('create index packages_retention on packages (id) where anonymized_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists visitors_retention');
  await knex.raw('drop index if exists packages_retention');
  await knex.raw('create index packages_retention on packages (id) where anonymized_at is null and (photo is not null or signature is not null or picked_up_by_name is not null)');
}
