import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import { db } from '../../db';
import { readTogether } from '../../db/transaction';
import { isUniqueViolation } from '../../db/violations';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { StoredBankAccount, StoredBankLine } from '../../rows/financesBank';
import { bookBalance, unmatchedEntries } from './bankBook';
import { monthDays } from './bankLines';

/**
 * The bank's balance at the end of `day`. When the statement gives balances, the one after the
 * last movement up to that day: on that day, the line no other line of the day continues (a
 * bank may list a day's movements newest first). Without balances: the opening balance plus the
 * lines from the opening date.
 */
async function bankClosing(trx: Knex, account: StoredBankAccount, day: string): Promise<number> {
  const { rows } = await trx.raw(
    `with last_day as (select max(date) as date from bank_lines where bank_account_id = :account and date between :opening and :day)
     select l.balance from bank_lines l join last_day d on l.date = d.date
      where l.bank_account_id = :account and l.balance is not null
        and not exists (select 1 from bank_lines n where n.bank_account_id = l.bank_account_id and n.date = l.date and n.id <> l.id and n.balance - n.amount = l.balance)
      order by l.id desc limit 1`,
    { account: account.id, opening: account.openingDate, day },
  );
  if (rows.length) return Number(rows[0].balance);
  if (account.openingDate > day) return 0;
  const sum = await trx('bankLines').where({ bankAccountId: account.id }).whereBetween('date', [account.openingDate, day]).sum({ total: 'amount' }).first();
  return account.openingBalance + Number(sum?.total ?? 0);
}

/**
 * A month's reconciliation (docs/modules/finances.md): the bank's closing balance against the
 * book's, their difference, and what explains it: the lines no book entry is matched to (or
 * matched to the payment of an expense voided since) and the book entries no line is matched
 * to, up to the month's end (from the opening date).
 */
export async function reconciliation(account: StoredBankAccount, month: string, trx: Knex = db()) {
  const { last } = monthDays(month);
  const [bank, book, lines, entries, done] = await readTogether(
    trx,
    () => bankClosing(trx, account, last),
    () => bookBalance(trx, account, last),
    () =>
      trx('bankLines')
        .where({ bankAccountId: account.id })
        .whereBetween('date', [account.openingDate, last])
        // Unmatched, or matched to an expense payment whose expense was voided since (it left the book).
        .where((open) =>
          open
            .whereNull('matchedAt')
            .orWhereExists((voided) =>
              voided.select(trx.raw('1')).from('expensePayments as ep').join('expenses as e', 'e.id', 'ep.expenseId').whereRaw('ep.id = bank_lines.expense_payment_id').where('e.status', 'voided'),
            ),
        )
        .orderBy([{ column: 'date' }, { column: 'id' }]) as Promise<StoredBankLine[]>,
    () => unmatchedEntries(trx, account, last),
    () => trx('bankReconciliations').where({ bankAccountId: account.id, month }).first() as Promise<{ reconciledById: number | null; reconciledAt: string | Date } | undefined>,
  );
  return {
    month,
    bankClosing: bank,
    bookClosing: book,
    difference: bank - book,
    unreconciled: {
      bank: lines,
      book: entries,
      bankTotal: lines.reduce((total, line) => total + line.amount, 0),
      bookTotal: entries.reduce((total, entry) => total + entry.amount, 0),
    },
    reconciled: done ? { byId: done.reconciledById as number | null, at: new Date(done.reconciledAt).toISOString() } : null,
  };
}

/** Marks the month reconciled, with who and when: only when its difference is 0 (409 otherwise, and when already marked). */
export async function markReconciled(trx: Knex, actor: User, account: StoredBankAccount, month: string) {
  const figures = await reconciliation(account, month, trx);
  if (figures.reconciled) throw conflict(messageText('finances_reconciliation_done'), 'month_reconciled');
  if (figures.difference !== 0) throw conflict(messageText('finances_reconciliation_difference'), 'reconciliation_difference');
  try {
    await trx('bankReconciliations').insert({
      organizationId: account.organizationId,
      bankAccountId: account.id,
      month,
      bankClosing: figures.bankClosing,
      bookClosing: figures.bookClosing,
      reconciledById: actor.id,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bank_reconciliations_bank_account_id_month_unique')) throw conflict(messageText('finances_reconciliation_done'), 'month_reconciled');
    throw error;
  }
  await recordEvent(trx, {
    type: 'bank.month_reconciled',
    organizationId: account.organizationId,
    audience: 'administrators',
    propertyId: account.propertyId,
    actorId: actor.id,
    subject: { type: 'bank_account', id: account.id },
    payload: { month, bankClosing: figures.bankClosing, bookClosing: figures.bookClosing },
  });
  return reconciliation(account, month, trx);
}
