import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { ExpensePaymentInput } from '../../../shared/schemas/finances';
import { conflict } from '../../errors';
import type { User } from '../../models';
import type { ExpenseDetail, ExpenseRow, StoredExpense } from '../../rows/finances';
import { checkPaymentAccount } from './bankAccounts';
import { readExpense, tellExpense } from './expenses';
import { postExpensePayment, postExpenseVoid } from '../../books/post';
import { assertExpenseOpen, assertPeriodOpen } from '../../policies/periods';

/** What an expense still owes: its amount plus ITBIS, less what was paid. */
export const owedOf = (expense: Pick<ExpenseRow, 'amount' | 'itbis' | 'paidAmount'>) => expense.amount + expense.itbis - expense.paidAmount;

/**
 * A payment of a pending expense (`expense` locked by the caller), a row of its own, from the
 * expense's fund (and bank account, unless cash). Partial payments keep it pending; the one that pays the rest makes it `paid`.
 * More than it owes, or an expense that is paid or voided: 409, nothing recorded.
 */
export async function payExpense(trx: Knex, actor: User, expense: StoredExpense, input: ExpensePaymentInput): Promise<ExpenseDetail> {
  if (expense.status === 'voided') throw conflict(messageText('finances_expense_voided'), 'expense_voided');
  if (expense.status !== 'pending') throw conflict(messageText('finances_expense_not_payable'), 'expense_not_payable');
  if (input.amount > owedOf(expense)) {
    throw conflict(messageText('finances_expense_overpaid'), 'expense_overpaid', { amount: messageText('finances_expense_overpaid') });
  }
  await checkPaymentAccount(trx, expense, input);
  await assertPeriodOpen(trx, expense.propertyId, input.paidAt);
  const [payment] = await trx('expensePayments')
    .insert({ ...input, organizationId: expense.organizationId, expenseId: expense.id, fundId: expense.fundId, createdById: actor.id })
    .returning('id');
  await postExpensePayment(trx, payment.id, actor.id);
  const paidAmount = expense.paidAmount + input.amount;
  await trx('expenses')
    .where({ id: expense.id })
    .update({ paidAmount, status: paidAmount === expense.amount + expense.itbis ? 'paid' : 'pending', updatedAt: trx.fn.now() });
  const paid = await readExpense(trx, expense.id);
  await tellExpense(trx, 'expense.paid', actor, paid, { paymentId: payment.id, paymentAmount: input.amount });
  return paid;
}

/**
 * Voids an expense (`expense` locked by the caller), saying why, with who and when. Its
 * payments stay as rows but no longer count in the fund's balance. Voiding twice: 409.
 */
export async function voidExpense(trx: Knex, actor: User, expense: StoredExpense, reason: string): Promise<ExpenseDetail> {
  if (expense.status === 'voided') throw conflict(messageText('finances_expense_voided'), 'expense_voided');
  await assertExpenseOpen(trx, expense);
  await trx('expenses')
    .where({ id: expense.id })
    .update({ status: 'voided', voidedAt: trx.fn.now(), voidedById: actor.id, voidReason: reason, updatedAt: trx.fn.now() });
  await postExpenseVoid(trx, expense.id, actor.id);
  const voided = await readExpense(trx, expense.id);
  await tellExpense(trx, 'expense.voided', actor, voided, { reason });
  return voided;
}
