import type { Knex } from 'knex';

/**
 * Reminders of what a unit owes (avisos de cobro, docs/modules/collections.md): one row per
 * reminder sent. A scheduled one is of a charge and a step of the organization's schedule (days
 * relative to the due date), unique per charge and step, so a job run again, or the sweep and a
 * job at once, add nothing. A manual one (from Morosidad) is of the unit, with who sent it.
 * `amount` is what the reminder told the unit it owed (centavos): a record, not a money row.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('charge_reminders', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('unit_id').notNullable().references('units.id').onDelete('RESTRICT');
    t.integer('charge_id').references('charges.id').onDelete('RESTRICT');
    t.integer('step');
    t.text('kind').notNullable();
    t.bigInteger('amount').notNullable();
    t.integer('sent_by_id').references('users.id').onDelete('RESTRICT');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['unit_id', 'created_at']);
  });
  await knex.raw(`
    alter table charge_reminders
      add constraint charge_reminders_kind_check check (kind in ('scheduled', 'manual')),
      add constraint charge_reminders_shape_check check (
        (kind = 'scheduled' and charge_id is not null and step is not null and sent_by_id is null)
        or (kind = 'manual' and charge_id is null and step is null and sent_by_id is not null)),
      add constraint charge_reminders_amount_check check (amount > 0);
    create unique index charge_reminders_charge_step_unique on charge_reminders (charge_id, step) where kind = 'scheduled';
  `);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('charge_reminders');
}
