import type { Knex } from 'knex';
import { dayOf } from '../../shared/time';
import {
  postAllocations,
  postCharge,
  postCreditNote,
  postExpense,
  postExpensePayment,
  postExpenseVoid,
  postFundOpening,
  postPayment,
  postRefund,
  postTransfer,
} from './post';

/**
 * Gives the journal entries to billing and finance rows that have none (rows from before the
 * books, or written without the commands, as the demo data is): the same entries the commands
 * post, in the order things happened. Idempotent: a row with its entry is left alone, so
 * running it again posts nothing. `organizationId` limits it to one organization.
 */
export async function backfillBooks(trx: Knex, organizationId?: number) {
  const mine = (query: Knex.QueryBuilder, column: string) => (organizationId ? query.where(column, organizationId) : query);
  const missing = (type: string, column: string) => trx('journalEntries as e').where('e.sourceType', type).whereRaw(`e.source_id = ${column}`);

  for (const { id } of await mine(trx('funds').whereNot('openingBalance', 0).whereNotExists(missing('fund_opening', 'funds.id')), 'funds.organizationId').orderBy('id').select('id')) {
    await postFundOpening(trx, id, null);
  }
  for (const { id } of await mine(trx('charges').whereNotExists(missing('charge', 'charges.id')), 'charges.organizationId').orderBy('id').select('id')) {
    await postCharge(trx, id, null);
  }
  const payments = mine(trx('payments').whereIn('status', ['confirmed', 'refunded']).whereNotExists(missing('payment', 'payments.id')), 'payments.organizationId');
  for (const { id } of await payments.orderBy('id').select('id')) await postPayment(trx, id, null);

  const allocations = await mine(
    trx('paymentAllocations as a')
      .join('payments as p', 'p.id', 'a.paymentId')
      .whereNotExists(trx('allocationFunds as af').whereRaw('af.allocation_id = a.id'))
      .whereNotExists(missing('allocation', 'a.id')),
    'p.organizationId',
  )
    .orderBy('a.id')
    .select('a.id', 'a.paymentId', 'a.chargeId', 'a.amount');
  await postAllocations(trx, allocations, null);

  // Refunds: the receipt and allocations of a refunded payment are reversed on the refund's day.
  const refunds = await mine(trx('paymentRefunds as r').join('payments as p', 'p.id', 'r.paymentId'), 'p.organizationId')
    .whereExists(
      trx('journalEntries as e')
        .whereIn('e.sourceType', ['payment'])
        .whereRaw('e.source_id = r.payment_id and e.reverses_entry_id is null')
        .whereNotExists(trx('journalEntries as x').whereRaw('x.reverses_entry_id = e.id')),
    )
    .orderBy('r.id')
    .select('r.paymentId', 'r.refundedAt');
  for (const refund of refunds) await postRefund(trx, refund.paymentId, null, dayOf(new Date(refund.refundedAt)));

  const notes = mine(trx('chargeCreditNotes').whereNotExists(missing('credit_note', 'charge_credit_notes.id')), 'chargeCreditNotes.organizationId');
  for (const { id } of await notes.orderBy('id').select('id')) await postCreditNote(trx, id, null);

  for (const { id } of await mine(trx('expenses').whereNotExists(missing('expense', 'expenses.id')), 'expenses.organizationId').orderBy('id').select('id')) {
    await postExpense(trx, id, null);
  }
  const expensePayments = mine(trx('expensePayments').whereNotExists(missing('expense_payment', 'expense_payments.id')), 'expensePayments.organizationId');
  for (const { id } of await expensePayments.orderBy('id').select('id')) await postExpensePayment(trx, id, null);
  // Voided expenses whose entries still stand: reversed on the day of the void.
  const voided = await mine(trx('expenses').where('status', 'voided'), 'expenses.organizationId')
    .whereExists(
      trx('journalEntries as e')
        .where('e.sourceType', 'expense')
        .whereRaw('e.source_id = expenses.id and e.reverses_entry_id is null')
        .whereNotExists(trx('journalEntries as x').whereRaw('x.reverses_entry_id = e.id')),
    )
    .orderBy('id')
    .select('id', 'voidedAt');
  for (const expense of voided) await postExpenseVoid(trx, expense.id, null, dayOf(new Date(expense.voidedAt ?? Date.now())));

  for (const { id } of await mine(trx('fundTransfers').whereNotExists(missing('fund_transfer', 'fund_transfers.id')), 'fundTransfers.organizationId').orderBy('id').select('id')) {
    await postTransfer(trx, id, null);
  }
}
