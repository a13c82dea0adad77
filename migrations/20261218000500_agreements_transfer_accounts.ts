import type { Knex } from 'knex';
import { BANKS } from '../shared/financesBank';
import { addVersionTriggers, dropVersionTriggers, type VERSIONED_TABLES } from './20261211000001_data_versions';

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Collecting money (docs/modules/collections.md):
 * - payment_agreements (acuerdos de pago): a unit's overdue debt turned into instalments. Never
 *   edited: `active` until the worker marks it `kept` (paid in full) or `broken` (an instalment
 *   missed), or an administrator cancels it (who, when, why). One active agreement per unit.
 * - payment_agreement_instalments: its dates and amounts (centavos, their sum is the total).
 * - payment_agreement_charges: the charges it covers and what each owed when it was made
 *   (the late-fee pause and the reminders' skip read it).
 * - transfer_accounts: where residents pay by transfer (the organization's, or a property's).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('payment_agreements', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('property_id').notNullable().references('properties.id').onDelete('RESTRICT');
    t.integer('unit_id').notNullable().references('units.id').onDelete('RESTRICT');
    t.bigInteger('total').notNullable();
    t.text('status').notNullable().defaultTo('active');
    t.text('note');
    t.integer('created_by_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
    t.integer('cancelled_by_id').references('users.id').onDelete('RESTRICT');
    t.text('cancel_reason');
    t.index(['unit_id', 'created_at']);
  });
  await knex.schema.createTable('payment_agreement_instalments', (t) => {
    t.increments('id');
    t.integer('agreement_id').notNullable().references('payment_agreements.id').onDelete('RESTRICT');
    t.integer('number').notNullable();
    t.date('due_date').notNullable();
    t.bigInteger('amount').notNullable();
    t.unique(['agreement_id', 'number']);
  });
  await knex.schema.createTable('payment_agreement_charges', (t) => {
    t.integer('agreement_id').notNullable().references('payment_agreements.id').onDelete('RESTRICT');
    t.integer('charge_id').notNullable().references('charges.id').onDelete('RESTRICT');
    t.bigInteger('balance').notNullable();
    t.primary(['agreement_id', 'charge_id']);
    t.index(['charge_id']);
  });
  await knex.schema.createTable('transfer_accounts', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('property_id').references('properties.id').onDelete('RESTRICT');
    t.text('bank').notNullable();
    t.text('account_type').notNullable();
    t.text('number').notNullable();
    t.text('holder').notNullable();
    t.text('rnc');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id']);
  });
  await knex.raw(`
    alter table payment_agreements
      add constraint payment_agreements_status_check check (status in ('active', 'kept', 'broken', 'cancelled')),
      add constraint payment_agreements_total_check check (total > 0),
      add constraint payment_agreements_cancel_check check (
        (status = 'cancelled') = (cancelled_by_id is not null and cancel_reason is not null and ended_at is not null)),
      add constraint payment_agreements_ended_check check ((status = 'active') = (ended_at is null));
    create unique index payment_agreements_active_unique on payment_agreements (unit_id) where status = 'active';
    alter table payment_agreement_instalments
      add constraint payment_agreement_instalments_amount_check check (amount > 0);
    alter table payment_agreement_charges
      add constraint payment_agreement_charges_balance_check check (balance > 0);
    alter table transfer_accounts
      add constraint transfer_accounts_bank_check check (bank in (${inList(BANKS)})),
      add constraint transfer_accounts_type_check check (account_type in ('checking', 'savings')),
      add constraint transfer_accounts_number_check check (number ~ '^[0-9][0-9-]{3,29}$');
  `);
  await addVersionTriggers(knex, TABLES);
}

const BY_AGREEMENT = 'select organization_id from payment_agreements where id = $1';
const TABLES: typeof VERSIONED_TABLES = {
  payment_agreements: ['organization_id'],
  payment_agreement_instalments: ['agreement_id', BY_AGREEMENT],
  payment_agreement_charges: ['agreement_id', BY_AGREEMENT],
  transfer_accounts: ['organization_id'],
};

export async function down(knex: Knex) {
  await dropVersionTriggers(knex, TABLES);
  for (const table of ['transfer_accounts', 'payment_agreement_charges', 'payment_agreement_instalments', 'payment_agreements']) await knex.schema.dropTable(table);
}
