import type { Knex } from 'knex';

/**
 * The relay publishes inbox events after the others (server/events/relay.ts): its claim orders
 * the unpublished rows by this same expression, then id, and reads them off this index instead
 * of sorting every waiting row (10,000 after a notice to a large property).
 */
export async function up(knex: Knex) {
  await knex.raw(`create index events_unpublished_lane_idx on events ((type like 'notification.%'), id) where published_at is null`);
  await knex.raw('drop index events_unpublished_idx');
}

export async function down(knex: Knex) {
  await knex.raw('create index events_unpublished_idx on events (id) where published_at is null');
  await knex.raw('drop index events_unpublished_lane_idx');
}
