import type { Knex } from 'knex';
import { cashKey, expenseKey, incomeKey, reservePart } from '../../shared/books';
import type { ChargeType } from '../../shared/enums';
import { dayOf, todayThere } from '../../shared/time';
import { accountIds, postEntries, postEntry, reverseSource, standingEntries, type EntryInput } from './journal';

/**
 * What each money movement of billing and finances writes in the journal (docs/modules/finances.md,
 * "The books underneath"), called by its command in the same transaction. Accrual for income
 * and expenses (a charge is income when issued, a bill an expense when received); the money in
 * the cash box and the bank carries its fund as a dimension, so each fund's balance is those
 * lines of its fund. Money received that has paid nothing yet is the owners' advance, in cash
 * without a fund; an allocation moves it to the funds of what it paid.
 */

type Actor = number | null;

const maxDay = (a: string, b: string) => (a > b ? a : b);

async function fundOfKind(trx: Knex, propertyId: number, kind: 'operating' | 'reserve'): Promise<number> {
  const fund = await trx('funds').where({ propertyId, kind }).first('id');
  return fund.id;
}

const fundKey = (kind: string) => `fund:${kind === 'operating' || kind === 'reserve' ? kind : 'other'}`;

/** A charge issued (a cuota, a late fee, an extraordinary charge...): receivable / income of its type (and the reserve line). */
export async function postCharge(trx: Knex, chargeId: number, actorId: Actor) {
  const charge = await trx('charges').where({ id: chargeId }).first();
  const reserve: number = charge.reserveAmount;
  await postEntry(trx, {
    organizationId: charge.organizationId,
    propertyId: charge.propertyId,
    date: dayOf(new Date(charge.createdAt)),
    source: { type: 'charge', id: chargeId },
    description: `${charge.invoiceNumber} · ${charge.description}`,
    createdById: actorId,
    lines: [
      { account: 'receivables', debit: charge.amount },
      { account: incomeKey(charge.type as ChargeType), fundId: charge.fundId, credit: charge.amount - reserve },
      { account: 'income:reserve', fundId: reserve ? await fundOfKind(trx, charge.propertyId, 'reserve') : null, credit: reserve },
    ],
  });
}

/** What postCharges needs of a property besides its charges, read before a batch takes its invoice numbers. */
export async function chargeAccounts(trx: Knex, organizationId: number, propertyId: number, types: ChargeType[]) {
  return { accounts: await accountIds(trx, organizationId, ['receivables', 'income:reserve', ...new Set(types.map(incomeKey))]), reserveFund: await fundOfKind(trx, propertyId, 'reserve') };
}

/** Charges just issued together, of one organization and property (issueCharges): each as postCharge posts it, in two inserts. */
export async function postCharges(
  trx: Knex,
  charges: Array<{ id: number; organizationId: number; propertyId: number; createdAt: Date | string; invoiceNumber: string; description: string | null; type: string; amount: number; reserveAmount: number; fundId: number | null }>,
  actorId: Actor,
  prepared?: Awaited<ReturnType<typeof chargeAccounts>>,
) {
  if (!charges.length) return;
  const reserveFund = prepared?.reserveFund ?? (charges.some((charge) => charge.reserveAmount) ? await fundOfKind(trx, charges[0].propertyId, 'reserve') : null);
  const entries: EntryInput[] = charges.map((charge) => ({
    organizationId: charge.organizationId,
    propertyId: charge.propertyId,
    date: dayOf(new Date(charge.createdAt)),
    source: { type: 'charge', id: charge.id },
    description: `${charge.invoiceNumber} · ${charge.description}`,
    createdById: actorId,
    lines: [
      { account: 'receivables', debit: charge.amount },
      { account: incomeKey(charge.type as ChargeType), fundId: charge.fundId, credit: charge.amount - charge.reserveAmount },
      { account: 'income:reserve', fundId: charge.reserveAmount ? reserveFund : null, credit: charge.reserveAmount },
    ],
  }));
  await postEntries(trx, charges[0].organizationId, entries, prepared?.accounts);
}

/**
 * What a charge's reserve line and its base hold now: the parts of the allocations of payments
 * that stand (not refunded) and of its credit note.
 */
async function chargeHeld(trx: Knex, chargeId: number) {
  const { rows } = await trx.raw(
    `select coalesce(sum(af.amount) filter (where af.reserve_line), 0)::bigint as reserved,
            coalesce(sum(af.amount) filter (where not af.reserve_line), 0)::bigint as based
     from allocation_funds af join payment_allocations a on a.id = af.allocation_id join payments p on p.id = a.payment_id
     where a.charge_id = ? and p.status = 'confirmed'`,
    [chargeId],
  );
  let { reserved, based } = rows[0] as { reserved: number; based: number };
  const note = await trx('chargeCreditNotes').where({ chargeId }).first('id', 'amount');
  if (note) {
    const noted = await trx('journalLines as l')
      .join('journalEntries as e', 'e.id', 'l.entry_id')
      .join('accounts', 'accounts.id', 'l.account_id')
      .where({ 'e.sourceType': 'credit_note', 'e.sourceId': note.id, 'accounts.key': 'income:reserve' })
      .whereNull('e.reversesEntryId')
      .sum({ total: 'l.debit' })
      .first();
    const noteReserve = Number(noted?.total ?? 0);
    if (noteReserve || (await trx('journalEntries').where({ sourceType: 'credit_note', sourceId: note.id }).first('id'))) {
      reserved += noteReserve;
      based += note.amount - noteReserve;
    }
  }
  return { reserved, based };
}

/** A credit note forgives what was left of a charge: income of its type (and reserve line) / receivable. */
export async function postCreditNote(trx: Knex, creditNoteId: number, actorId: Actor) {
  const note = await trx('chargeCreditNotes').where({ id: creditNoteId }).first();
  const charge = await trx('charges').where({ id: note.chargeId }).first();
  const { reserved, based } = await chargeHeld(trx, charge.id);
  const reserve = reservePart(charge.amount, charge.reserveAmount, reserved, based, note.amount);
  await postEntry(trx, {
    organizationId: charge.organizationId,
    propertyId: charge.propertyId,
    date: dayOf(new Date(note.createdAt)),
    source: { type: 'credit_note', id: creditNoteId },
    description: `${charge.invoiceNumber} · ${note.reason}`,
    createdById: actorId,
    lines: [
      { account: incomeKey(charge.type as ChargeType), fundId: charge.fundId, debit: note.amount - reserve },
      { account: 'income:reserve', fundId: reserve ? await fundOfKind(trx, charge.propertyId, 'reserve') : null, debit: reserve },
      { account: 'receivables', credit: note.amount },
    ],
  });
}

/**
 * An entry that names its payment's receipt in its description, written once the number is
 * known: a payment just confirmed takes its receipt number last (commands/payments.ts), after
 * these are prepared. `receipt` is the number the payment already had, if any.
 */
export type ReceiptEntry = { paymentId: number; receipt: string | null; entry: (receipt: string) => EntryInput };

/** Posts prepared entries of one organization, the receipt named where `numbered` gives it (a payment numbered after they were prepared). */
export async function postReceiptEntries(trx: Knex, organizationId: number, entries: ReceiptEntry[], numbered?: { paymentId: number; receipt: string }, known?: Map<string, number>) {
  const receiptOf = ({ paymentId, receipt }: ReceiptEntry) => (paymentId === numbered?.paymentId ? numbered.receipt : receipt) ?? `#${paymentId}`;
  await postEntries(trx, organizationId, entries.map((prepared) => prepared.entry(receiptOf(prepared))), known);
}

/** Money received (a payment confirmed): cash or bank, no fund yet / the owners' advance. */
function paymentEntry(payment: { id: number; organizationId: number; propertyId: number; receivedAt: string; method: string; amount: number; receiptNumber: string | null }, actorId: Actor): ReceiptEntry {
  return {
    paymentId: payment.id,
    receipt: payment.receiptNumber,
    entry: (receipt) => ({
      organizationId: payment.organizationId,
      propertyId: payment.propertyId,
      date: payment.receivedAt,
      source: { type: 'payment', id: payment.id },
      description: receipt,
      createdById: actorId,
      lines: [
        { account: cashKey(payment.method), debit: payment.amount },
        { account: 'advances', credit: payment.amount },
      ],
    }),
  };
}

/** A confirmed payment's entry, with the receipt number it has (the books' backfill). */
export async function postPayment(trx: Knex, paymentId: number, actorId: Actor) {
  const payment = await trx('payments').where({ id: paymentId }).first();
  await postReceiptEntries(trx, payment.organizationId, [paymentEntry(payment, actorId)]);
}

/** An allocation as settleUnit writes it. */
export type MadeAllocation = { id: number; paymentId: number; chargeId: number; amount: number };

/**
 * Allocations just made (settleUnit): each pays a charge out of the owners' advance and moves
 * its money to the charge's funds, the base to the charge's fund and the reserve line's part
 * (shared/books.ts reservePart) to the reserve fund, on the day the money reached them (the
 * later of the payment's day and the charge's). The split is kept as rows (`allocation_funds`),
 * written here one allocation after another (a charge paid twice reads the first's split);
 * the entries are answered, for one insert.
 */
async function allocationEntries(trx: Knex, allocations: MadeAllocation[], actorId: Actor): Promise<ReceiptEntry[]> {
  const entries: ReceiptEntry[] = [];
  for (const allocation of allocations) {
    const payment = await trx('payments').where({ id: allocation.paymentId }).first();
    const charge = await trx('charges').where({ id: allocation.chargeId }).first();
    const { reserved, based } = await chargeHeld(trx, charge.id);
    const reserve = reservePart(charge.amount, charge.reserveAmount, reserved, based, allocation.amount);
    const reserveFund = reserve ? await fundOfKind(trx, charge.propertyId, 'reserve') : null;
    const date = maxDay(payment.receivedAt, dayOf(new Date(charge.createdAt)));
    const parts = [
      { allocationId: allocation.id, fundId: charge.fundId, amount: allocation.amount - reserve, reserveLine: false, date },
      { allocationId: allocation.id, fundId: reserveFund, amount: reserve, reserveLine: true, date },
    ].filter((part) => part.amount > 0);
    await trx('allocationFunds').insert(parts);
    const cash = cashKey(payment.method);
    entries.push({
      paymentId: payment.id,
      receipt: payment.receiptNumber,
      entry: (receipt) => ({
        organizationId: charge.organizationId,
        propertyId: charge.propertyId,
        date,
        source: { type: 'allocation', id: allocation.id },
        description: `${receipt} → ${charge.invoiceNumber}`,
        createdById: actorId,
        lines: [
          { account: 'advances', debit: allocation.amount },
          { account: 'receivables', credit: allocation.amount },
          ...parts.map((part) => ({ account: cash, fundId: part.fundId, debit: part.amount })),
          { account: cash, credit: allocation.amount },
        ],
      }),
    });
  }
  return entries;
}

export async function postAllocations(trx: Knex, allocations: MadeAllocation[], actorId: Actor) {
  const entries = await allocationEntries(trx, allocations, actorId);
  if (entries.length) await postReceiptEntries(trx, entries[0].entry('').organizationId, entries);
}

/**
 * A payment just confirmed and the allocations it made, prepared to be posted once it has its
 * receipt number (postReceiptEntries), with the accounts they post to: nothing is left to read then.
 */
export async function receiptEntries(trx: Knex, paymentId: number, allocations: MadeAllocation[], actorId: Actor) {
  const payment = await trx('payments').where({ id: paymentId }).first();
  const entries = [paymentEntry(payment, actorId), ...(await allocationEntries(trx, allocations, actorId))];
  const keys = [...new Set(entries.flatMap((prepared) => prepared.entry('').lines.map((line) => line.account)).filter((key): key is string => typeof key === 'string'))];
  return { entries, accounts: await accountIds(trx, payment.organizationId, keys) };
}

/**
 * A payment refunded: its receipt and its allocations are reversed on the day of the refund
 * (what it paid is owed again and leaves the funds; the money leaves the bank).
 */
export async function postRefund(trx: Knex, paymentId: number, actorId: Actor, date = todayThere()) {
  const allocations: Array<{ id: number }> = await trx('paymentAllocations').where({ paymentId }).select('id');
  const options = { date, description: `Reembolso del pago #${paymentId}`, createdById: actorId };
  await reverseSource(trx, 'allocation', allocations.map((row) => row.id), options);
  await reverseSource(trx, 'payment', [paymentId], options);
}

/** A bill received (an expense): its category's expense and the ITBIS apart / payable to the supplier, in its fund. */
export async function postExpense(trx: Knex, expenseId: number, actorId: Actor) {
  const expense = await trx('expenses').where({ id: expenseId }).first();
  await postEntry(trx, {
    organizationId: expense.organizationId,
    propertyId: expense.propertyId,
    date: expense.issueDate,
    source: { type: 'expense', id: expenseId },
    description: expense.description,
    createdById: actorId,
    lines: [
      { account: expenseKey(expense.category), fundId: expense.fundId, debit: expense.amount },
      { account: 'expense:itbis', fundId: expense.fundId, debit: expense.itbis },
      { account: 'payables', fundId: expense.fundId, credit: expense.amount + expense.itbis },
    ],
  });
}

/** A pending expense edited before anything was paid: its entry is reversed (on its own day) and posted again. */
export async function repostExpense(trx: Knex, expenseId: number, actorId: Actor) {
  await reverseSource(trx, 'expense', [expenseId], { description: `Corrección del gasto #${expenseId}`, createdById: actorId });
  await postExpense(trx, expenseId, actorId);
}

/** An expense payment: payable / cash or bank of the expense's fund. */
export async function postExpensePayment(trx: Knex, expensePaymentId: number, actorId: Actor) {
  const payment = await trx('expensePayments').where({ id: expensePaymentId }).first();
  const expense = await trx('expenses').where({ id: payment.expenseId }).first();
  await postEntry(trx, {
    organizationId: expense.organizationId,
    propertyId: expense.propertyId,
    date: payment.paidAt,
    source: { type: 'expense_payment', id: expensePaymentId },
    description: `${expense.description}${payment.reference ? ` · ${payment.reference}` : ''}`,
    createdById: actorId,
    lines: [
      { account: 'payables', fundId: payment.fundId, debit: payment.amount },
      { account: cashKey(payment.method), fundId: payment.fundId, credit: payment.amount },
    ],
  });
}

/** An expense voided: its entry and its payments' are reversed on the day of the void. */
export async function postExpenseVoid(trx: Knex, expenseId: number, actorId: Actor, date = todayThere()) {
  const payments: Array<{ id: number }> = await trx('expensePayments').where({ expenseId }).select('id');
  const options = { date, description: `Anulación del gasto #${expenseId}`, createdById: actorId };
  await reverseSource(trx, 'expense_payment', payments.map((row) => row.id), options);
  await reverseSource(trx, 'expense', [expenseId], options);
}

/** An other income (bank interest, a donation): bank or cash of its fund / other income, on its day. */
export async function postIncome(trx: Knex, incomeId: number, actorId: Actor) {
  const income = await trx('otherIncomes').where({ id: incomeId }).first();
  await postEntry(trx, {
    organizationId: income.organizationId,
    propertyId: income.propertyId,
    date: income.date,
    source: { type: 'other_income', id: incomeId },
    description: income.description,
    createdById: actorId,
    lines: [
      { account: income.bankAccountId ? 'bank' : 'cash', fundId: income.fundId, debit: income.amount },
      { account: 'income:other', fundId: income.fundId, credit: income.amount },
    ],
  });
}

/** A transfer between funds: the bank's money changes fund, and so does the funds' equity. */
export async function postTransfer(trx: Knex, transferId: number, actorId: Actor) {
  const transfer = await trx('fundTransfers').where({ id: transferId }).first();
  const funds: Array<{ id: number; kind: string }> = await trx('funds').whereIn('id', [transfer.fromFundId, transfer.toFundId]).select('id', 'kind');
  const kindOf = (id: number) => funds.find((fund) => fund.id === id)!.kind;
  await postEntry(trx, {
    organizationId: transfer.organizationId,
    propertyId: transfer.propertyId,
    date: transfer.date,
    source: { type: 'fund_transfer', id: transferId },
    description: transfer.description,
    createdById: actorId,
    lines: [
      { account: 'bank', fundId: transfer.toFundId, debit: transfer.amount },
      { account: 'bank', fundId: transfer.fromFundId, credit: transfer.amount },
      { account: fundKey(kindOf(transfer.fromFundId)), fundId: transfer.fromFundId, debit: transfer.amount },
      { account: fundKey(kindOf(transfer.toFundId)), fundId: transfer.toFundId, credit: transfer.amount },
    ],
  });
}

/**
 * A fund's opening balance: money in the bank for the fund / the fund's equity, on its opening
 * date. When it changes, the standing entry is reversed on its own day (a correction of the
 * opening, not a movement) and the new one posted.
 */
export async function postFundOpening(trx: Knex, fundId: number, actorId: Actor) {
  const fund = await trx('funds').where({ id: fundId }).first();
  const [standing] = await standingEntries(trx, 'fund_opening', [fundId]);
  if (standing) {
    const bank = await trx('journalLines as l')
      .join('accounts as a', 'a.id', 'l.account_id')
      .where({ 'l.entryId': standing.id, 'a.key': 'bank' })
      .select(trx.raw('coalesce(sum(l.debit - l.credit), 0)::bigint as net'))
      .first();
    if (standing.date === fund.openingDate && Number(bank.net) === fund.openingBalance) return;
    await reverseSource(trx, 'fund_opening', [fundId], { description: `Corrección del saldo inicial de ${fund.name}`, createdById: actorId });
  }
  const amount: number = fund.openingBalance;
  const equity = fundKey(fund.kind);
  await postEntry(trx, {
    organizationId: fund.organizationId,
    propertyId: fund.propertyId,
    date: fund.openingDate,
    source: { type: 'fund_opening', id: fundId },
    description: `Saldo inicial de ${fund.name}`,
    createdById: actorId,
    lines:
      amount >= 0
        ? [
            { account: 'bank', fundId, debit: amount },
            { account: equity, fundId, credit: amount },
          ]
        : [
            { account: equity, fundId, debit: -amount },
            { account: 'bank', fundId, credit: -amount },
          ],
  });
}
