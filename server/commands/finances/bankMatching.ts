import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { BankLineMatchInput } from '../../../shared/schemas/financesBank';
import { conflict, notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { findFinancesProperty, findFund } from '../../policies/finances';
import type { StoredExpense } from '../../rows/finances';
import type { BankLineRow, StoredBankAccount, StoredBankLine } from '../../rows/financesBank';
import { isUniqueViolation } from '../../db/violations';
import { BOOK_ENTRIES_SQL, bookBindings } from './bankBook';
import { readBankLine } from './bankLines';
import { payExpense } from './expensePayments';
import { createExpense } from './expenses';
import { recordIncome } from './incomes';

type Target = { column: 'paymentId' | 'expensePaymentId' | 'otherIncomeId'; id: number };
const KIND_OF = { paymentId: 'payment', expensePaymentId: 'expense_payment', otherIncomeId: 'income' } as const;

const mismatch = () => conflict(messageText('finances_bank_entry_mismatch'), 'entry_mismatch');

/**
 * An existing book entry may be matched to the line when it is of the account's book (a
 * confirmed payment of the property: into the receiving account, or cash deposited in any; an
 * expense payment from this account) with the line's signed amount (409 otherwise); another
 * organization's: 404.
 */
async function checkEntry(trx: Knex, account: StoredBankAccount, line: StoredBankLine, target: Target) {
  if (target.column === 'paymentId') {
    const payment = await trx('payments').where({ id: target.id, organizationId: account.organizationId }).first('propertyId', 'status', 'amount', 'method');
    if (!payment) throw notFound(messageText('finances_bank_payment_not_found'));
    if (payment.propertyId !== account.propertyId || payment.status !== 'confirmed' || payment.amount !== line.amount) throw mismatch();
    // Transfers and deposits are the receiving account's; cash may have been deposited in any.
    if (payment.method !== 'cash' && !account.receivesPayments) throw mismatch();
    return;
  }
  if (target.column === 'expensePaymentId') {
    const payment = await trx('expensePayments').where({ id: target.id, organizationId: account.organizationId }).first('id');
    if (!payment) throw notFound(messageText('finances_bank_expense_payment_not_found'));
  }
  const { rows } = await trx.raw(`select b.amount from (${BOOK_ENTRIES_SQL}) b where b.kind = :kind and b.id = :id`, {
    ...bookBindings({ ...account, openingDate: '1900-01-01' }),
    kind: KIND_OF[target.column],
    id: target.id,
  });
  if (!rows.length || Number(rows[0].amount) !== line.amount) throw mismatch();
}

/** What the line creates: a paid expense from the account (money out) or an other income into it (money in). */
async function createFromLine(trx: Knex, actor: User, account: StoredBankAccount, line: StoredBankLine, create: NonNullable<BankLineMatchInput['create']>): Promise<Target> {
  const fund = await findFund(actor, create.fundId, trx);
  if (fund.propertyId !== account.propertyId) throw notFound(messageText('finances_fund_not_found'));
  const description = create.description ?? (line.description || 'Movimiento bancario');
  if (create.kind === 'income') {
    if (line.amount < 0) throw conflict(messageText('finances_bank_create_direction'), 'entry_mismatch');
    const income = await recordIncome(trx, actor, { id: account.propertyId, organizationId: account.organizationId }, { fundId: fund.id, bankAccountId: account.id, date: line.date, amount: line.amount, description });
    return { column: 'otherIncomeId', id: income.id };
  }
  const total = -line.amount;
  if (line.amount > 0 || create.itbis >= total) throw conflict(messageText('finances_bank_create_direction'), 'entry_mismatch');
  const property = await findFinancesProperty(actor, account.propertyId, trx);
  const expense = await createExpense(trx, actor, property, {
    propertyId: property.id,
    fundId: fund.id,
    category: create.category,
    supplierId: create.supplierId ?? null,
    invoiceNumber: null,
    ncf: null,
    issueDate: line.date,
    dueDate: null,
    amount: total - create.itbis,
    itbis: create.itbis,
    description,
    maintenanceRequestId: null,
  });
  const stored = (await trx('expenses').where({ id: expense.id }).first()) as StoredExpense;
  const paid = await payExpense(trx, actor, stored, { amount: total, paidAt: line.date, method: 'bank_transfer', bankAccountId: account.id, reference: line.reference });
  return { column: 'expensePaymentId', id: paid.payments[paid.payments.length - 1].id };
}

const tellLine = (trx: Knex, type: 'bank.line_matched' | 'bank.line_unmatched', actor: User, account: StoredBankAccount, line: StoredBankLine, extra: Record<string, unknown>) =>
  recordEvent(trx, {
    type,
    organizationId: account.organizationId,
    audience: 'administrators',
    propertyId: account.propertyId,
    actorId: actor.id,
    subject: { type: 'bank_line', id: line.id },
    payload: { bankAccountId: account.id, date: line.date, amount: line.amount, ...extra },
  });

/**
 * Matches a statement line (locked by the caller) to one book entry, or to the expense or
 * income it creates (docs/modules/finances.md, "Matching"). A matched line: 409; an entry
 * already matched to another line: 409 (a unique index keeps it so under concurrency too).
 */
export async function matchBankLine(trx: Knex, actor: User, account: StoredBankAccount, line: StoredBankLine, input: BankLineMatchInput): Promise<BankLineRow> {
  if (line.matchedAt) throw conflict(messageText('finances_bank_line_matched'), 'line_matched');
  let target: Target;
  if (input.create) target = await createFromLine(trx, actor, account, line, input.create);
  else {
    target = input.paymentId ? { column: 'paymentId', id: input.paymentId } : { column: 'expensePaymentId', id: input.expensePaymentId! };
    await checkEntry(trx, account, line, target);
  }
  try {
    await trx('bankLines').where({ id: line.id }).update({ [target.column]: target.id, matchedAt: trx.fn.now(), matchedById: actor.id });
  } catch (error) {
    if (['bank_lines_payment_unique', 'bank_lines_expense_payment_unique', 'bank_lines_other_income_unique'].some((name) => isUniqueViolation(error, name))) {
      throw conflict(messageText('finances_bank_entry_matched'), 'entry_matched');
    }
    throw error;
  }
  await tellLine(trx, 'bank.line_matched', actor, account, line, { kind: KIND_OF[target.column], entryId: target.id, created: Boolean(input.create) });
  return readBankLine(trx, account, line.id);
}

/** Unmatches a line (locked by the caller): the book entry stays, unreconciled. Not matched: 409. */
export async function unmatchBankLine(trx: Knex, actor: User, account: StoredBankAccount, line: StoredBankLine): Promise<BankLineRow> {
  if (!line.matchedAt) throw conflict(messageText('finances_bank_line_not_matched'), 'line_not_matched');
  const [column, id] = line.paymentId
    ? (['paymentId', line.paymentId] as const)
    : line.expensePaymentId
      ? (['expensePaymentId', line.expensePaymentId] as const)
      : (['otherIncomeId', line.otherIncomeId!] as const);
  await trx('bankLines').where({ id: line.id }).update({ paymentId: null, expensePaymentId: null, otherIncomeId: null, matchedAt: null, matchedById: null });
  await tellLine(trx, 'bank.line_unmatched', actor, account, line, { kind: KIND_OF[column], entryId: id });
  return readBankLine(trx, account, line.id);
}
