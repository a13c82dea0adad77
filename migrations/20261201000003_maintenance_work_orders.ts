import type { Knex } from 'knex';
import { MAINTENANCE_VISIBILITIES } from '../shared/enums';
import { DEFAULT_DEADLINE_HOURS } from '../shared/schemas/maintenance';

/*
 * What the work orders need beyond the spec's columns (docs/modules/maintenance.md):
 * - requests: the version people edit, a common-area location, the response deadline and when
 *   the worker marked it overdue, the assignee's acceptance, reopenings and the requester's rating;
 * - updates: public or internal, the structured changes an update made (assignee, date,
 *   priority, status...) so the timeline can say them in any language; a comment is optional.
 */
export async function up(knex: Knex) {
  // `if not exists`: versions may also be added to existing tables by their own migration.
  await knex.raw('alter table maintenance_requests add column if not exists version integer not null default 1');
  await knex.schema.alterTable('maintenance_requests', (t) => {
    t.text('location');
    t.timestamp('due_at', { useTz: true });
    t.timestamp('overdue_at', { useTz: true });
    t.timestamp('accepted_at', { useTz: true });
    t.integer('reopen_count').notNullable().defaultTo(0);
    t.smallint('rating');
    t.text('rating_comment');
    t.timestamp('rated_at', { useTz: true });
  });
  await knex.raw('alter table maintenance_requests add constraint maintenance_requests_reopen_count_check check (reopen_count >= 0)');
  await knex.raw('alter table maintenance_requests add constraint maintenance_requests_rating_check check (rating between 1 and 5)');
  // Requests written before deadlines existed get the default ones.
  for (const [priority, hours] of Object.entries(DEFAULT_DEADLINE_HOURS)) {
    await knex.raw("update maintenance_requests set due_at = requested_at + make_interval(hours => ?) where priority = ?", [hours, priority]);
  }
  // Open requests by deadline: the worker's sweep and the "overdue" filter.
  await knex.raw(
    "create index maintenance_requests_open_due_idx on maintenance_requests (due_at) where status in ('pending', 'scheduled', 'in-progress')",
  );
  await knex.raw('create index maintenance_requests_requested_idx on maintenance_requests (property_id, requested_at desc)');

  await knex.schema.alterTable('maintenance_updates', (t) => {
    t.enu('visibility', MAINTENANCE_VISIBILITIES).notNullable().defaultTo('public');
    t.jsonb('changes').notNullable().defaultTo('{}');
  });
  await knex.raw('alter table maintenance_updates alter column content drop not null');
}

export async function down(knex: Knex) {
  await knex('maintenance_updates').whereNull('content').update({ content: '' });
  await knex.raw('alter table maintenance_updates alter column content set not null');
  await knex.schema.alterTable('maintenance_updates', (t) => {
    t.dropColumn('changes');
    t.dropColumn('visibility');
  });
  await knex.raw('drop index if exists maintenance_requests_requested_idx');
  await knex.raw('drop index if exists maintenance_requests_open_due_idx');
  await knex.schema.alterTable('maintenance_requests', (t) => {
    for (const column of ['location', 'due_at', 'overdue_at', 'accepted_at', 'reopen_count', 'rating', 'rating_comment', 'rated_at', 'version']) {
      t.dropColumn(column);
    }
  });
}
