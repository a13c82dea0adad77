import type { Knex } from 'knex';
import { MAINTENANCE_STATUSES } from '../shared/enums';

// `scheduled` joins the statuses of requests and of the updates that set them
// (docs/modules/maintenance.md). The original four are spelled out for `down`.
const BEFORE = ['pending', 'in-progress', 'completed', 'cancelled'];

async function allow(knex: Knex, statuses: readonly string[]) {
  for (const table of ['maintenance_requests', 'maintenance_updates']) {
    await knex.raw(`alter table ?? drop constraint if exists ??`, [table, `${table}_status_check`]);
    // DDL takes no bound parameters: the statuses are our own constants, quoted here.
    const list = statuses.map((status) => `'${status}'`).join(', ');
    await knex.raw(`alter table ?? add constraint ?? check (status in (${list}))`, [table, `${table}_status_check`]);
  }
}

export async function up(knex: Knex) {
  await allow(knex, MAINTENANCE_STATUSES);
}

export async function down(knex: Knex) {
  await knex('maintenance_updates').where({ status: 'scheduled' }).update({ status: null });
  await knex('maintenance_requests').where({ status: 'scheduled' }).update({ status: 'pending' });
  await allow(knex, BEFORE);
}
