import type { Knex } from 'knex';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../shared/enums';

/**
 * Money received (docs/modules/billing.md, "The ledger"):
 * - `payments`: recorded by an administrator (confirmed at once) or reported by a resident
 *   with a transfer proof (`reported` until confirmed or rejected). A confirmed payment has a
 *   receipt number; `allocated_amount` is what its allocations took (kept by the ledger's
 *   triggers, never above the amount): the rest is the unit's credit. An `Idempotency-Key`
 *   is unique per organization, so the same request never records two payments.
 * - `payment_proofs`: the transfer proof, stored like documents (bytes checked by content).
 * - `payment_allocations`: how much of a payment went to which charge.
 * - `payment_refunds`: a refund points to the payment it returns (which becomes `refunded`).
 * - `payment_totals`: what was collected per property and month (kept by a trigger), so the
 *   summary's "collected this month / this year" reads a few rows whatever the history.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('property_id').notNullable().references('properties.id').onDelete('RESTRICT').index();
    t.integer('unit_id').notNullable().references('units.id').onDelete('RESTRICT');
    t.integer('user_id').references('users.id').onDelete('RESTRICT').index();
    t.integer('amount').notNullable();
    t.integer('allocated_amount').notNullable().defaultTo(0);
    t.enu('method', PAYMENT_METHODS).notNullable();
    t.text('reference');
    t.date('received_at').notNullable();
    t.text('receipt_number');
    t.enu('status', PAYMENT_STATUSES).notNullable();
    t.text('reason');
    t.integer('recorded_by_id').notNullable().references('users.id').onDelete('RESTRICT').index();
    t.integer('reviewed_by_id').references('users.id').onDelete('RESTRICT').index();
    t.timestamp('reviewed_at', { useTz: true });
    t.text('idempotency_key');
    t.text('request_hash');
    t.timestamps(true, true);
    t.unique(['organization_id', 'receipt_number']);
    t.unique(['organization_id', 'idempotency_key']);
    t.index(['unit_id', 'received_at', 'id']);
    t.check('?? > 0', ['amount'], 'payments_amount_check');
    t.check('?? >= 0 and ?? <= ??', ['allocated_amount', 'allocated_amount', 'amount'], 'payments_allocated_amount_check');
    t.check("(?? is not null) = (?? in ('confirmed', 'refunded'))", ['receipt_number', 'status'], 'payments_receipt_check');
    t.check("?? <> 'rejected' or ?? is not null", ['status', 'reason'], 'payments_reason_check');
  });
  await knex.raw(`
    create index payments_organization_id_received_at_index on payments (organization_id, received_at desc, id desc);
    create index payments_reported_index on payments (organization_id, created_at) where status = 'reported';
    create index payments_credit_index on payments (organization_id, property_id) include (amount, allocated_amount)
      where status = 'confirmed' and allocated_amount < amount;
  `);

  await knex.schema.createTable('payment_proofs', (t) => {
    t.integer('payment_id').primary().references('payments.id').onDelete('CASCADE');
    t.text('file_name');
    t.text('file_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.binary('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("?? in ('application/pdf', 'image/jpeg', 'image/png')", ['file_type'], 'payment_proofs_file_type_check');
    t.check('?? > 0', ['size_bytes'], 'payment_proofs_size_bytes_check');
  });

  await knex.schema.createTable('payment_allocations', (t) => {
    t.increments('id');
    t.integer('payment_id').notNullable().references('payments.id').onDelete('RESTRICT').index();
    t.integer('charge_id').notNullable().references('charges.id').onDelete('RESTRICT').index();
    t.integer('amount').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('?? > 0', ['amount'], 'payment_allocations_amount_check');
  });

  await knex.schema.createTable('payment_refunds', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('payment_id').notNullable().unique().references('payments.id').onDelete('RESTRICT');
    t.integer('amount').notNullable();
    t.text('reason').notNullable();
    t.integer('refunded_by_id').notNullable().references('users.id').onDelete('RESTRICT').index();
    t.timestamp('refunded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('?? > 0', ['amount'], 'payment_refunds_amount_check');
  });

  await knex.schema.createTable('payment_totals', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.date('month').notNullable();
    t.bigInteger('amount').notNullable().defaultTo(0);
    t.primary(['organization_id', 'property_id', 'month']);
    t.check('?? >= 0', ['amount'], 'payment_totals_amount_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('payment_totals');
  await knex.schema.dropTable('payment_refunds');
  await knex.schema.dropTable('payment_allocations');
  await knex.schema.dropTable('payment_proofs');
  await knex.schema.dropTable('payments');
}
