import type { Knex } from 'knex';

/**
 * Why a pass was cancelled when the system, not a person, cancelled it: `host_left` when its
 * host stopped living in (or owning) its unit (commands/departures.ts). The desk shows that
 * reason instead of a plain "cancelled".
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('visitors', (t) => {
    t.text('cancel_cause');
    t.check(`cancel_cause in ('host_left')`, [], 'visitors_cancel_cause_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('visitors', (t) => {
    t.dropChecks('visitors_cancel_cause_check');
    t.dropColumn('cancel_cause');
  });
}
