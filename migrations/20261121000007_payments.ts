import type { Knex } from 'knex';

// The lists as they were when this table was created (shared/enums.ts has moved on: the table
// is `charges` since 20261202000001, with more types).
const PAYMENT_TYPES = ['rent', 'maintenance', 'fees', 'deposit', 'other'];
const PAYMENT_METHODS = ['credit_card', 'bank_transfer', 'cash', 'check', 'other'];
const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'];

// A payment row is a charge (amount in integer centavos of RD$) and, once paid, its payment.
// Payments must never be lost: their user and property cannot be deleted while they exist.
export async function up(knex: Knex) {
  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.integer('property_id').notNullable().references('properties.id').onDelete('RESTRICT').index();
    t.integer('amount').notNullable();
    t.enu('type', PAYMENT_TYPES).notNullable();
    t.enu('method', PAYMENT_METHODS);
    t.enu('status', PAYMENT_STATUSES).notNullable().defaultTo('pending');
    t.date('due_date');
    t.timestamp('paid_at', { useTz: true });
    t.text('description');
    t.text('invoice_number').unique();
    t.text('receipt_url');
    t.timestamps(true, true);
    t.check('?? > 0', ['amount'], 'payments_amount_check');
    t.index(['user_id', 'status']);
    t.index(['status', 'due_date']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('payments');
}
