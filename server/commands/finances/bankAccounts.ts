import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { BankAccountCreateInput, BankAccountUpdateInput, StatementMapping } from '../../../shared/schemas/financesBank';
import type { ExpensePaymentInput } from '../../../shared/schemas/finances';
import { todayThere } from '../../../shared/time';
import { db } from '../../db';
import { notFound, validationError } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import type { StoredExpense } from '../../rows/finances';
import type { BankAccountRow, StoredBankAccount } from '../../rows/financesBank';
import { bookBalance } from './bankBook';

/**
 * A property's bank accounts (docs/modules/finances.md, "Bank accounts and reconciliation"):
 * bank, last 4 digits, DOP, opening balance and date, the funds it holds, and whether it is the
 * one that receives the units' transfers and deposits (one per property: flagging another
 * moves the flag).
 */

async function withDetails(trx: Knex, accounts: StoredBankAccount[]): Promise<BankAccountRow[]> {
  if (!accounts.length) return [];
  const links: Array<{ bankAccountId: number; fundId: number }> = await trx('bankAccountFunds')
    .whereIn('bankAccountId', accounts.map((account) => account.id))
    .orderBy('fundId');
  const today = todayThere();
  return Promise.all(
    accounts.map(async (account) => ({
      ...account,
      fundIds: links.filter((link) => link.bankAccountId === account.id).map((link) => link.fundId),
      bookBalance: await bookBalance(trx, account, today),
    })),
  );
}

export async function listBankAccounts(property: Pick<Property, 'id'>, trx: Knex = db()): Promise<BankAccountRow[]> {
  return withDetails(trx, await trx('bankAccounts').where({ propertyId: property.id }).orderBy('id'));
}

export async function readBankAccount(trx: Knex, id: number): Promise<BankAccountRow> {
  const [account] = await withDetails(trx, [await trx('bankAccounts').where({ id }).first()]);
  return account;
}

/** The funds named are of the account's property (400 on `fundIds` otherwise); none: the operating fund. */
async function saveFunds(trx: Knex, account: Pick<StoredBankAccount, 'id' | 'propertyId'>, fundIds: number[] | undefined) {
  let ids = fundIds;
  if (!ids?.length) ids = (await trx('funds').where({ propertyId: account.propertyId, kind: 'operating' }).pluck('id')) as number[];
  const unique = [...new Set(ids)];
  const found = await trx('funds').whereIn('id', unique).where({ propertyId: account.propertyId }).count({ count: '*' }).first();
  if (Number(found?.count) !== unique.length) throw validationError({ fundIds: messageText('finances_bank_fund_other_property') });
  await trx('bankAccountFunds').where({ bankAccountId: account.id }).delete();
  if (unique.length) await trx('bankAccountFunds').insert(unique.map((fundId) => ({ bankAccountId: account.id, fundId })));
}

/** Only one account of a property receives the units' payments. */
async function takeReceivingFlag(trx: Knex, account: Pick<StoredBankAccount, 'id' | 'propertyId'>) {
  await trx('bankAccounts').where({ propertyId: account.propertyId, receivesPayments: true }).whereNot({ id: account.id }).update({ receivesPayments: false, updatedAt: trx.fn.now() });
}

const accountPayload = (account: BankAccountRow) => ({
  id: account.id,
  bank: account.bank,
  last4: account.last4,
  openingBalance: account.openingBalance,
  openingDate: account.openingDate,
  receivesPayments: account.receivesPayments,
  fundIds: account.fundIds,
});

const tellAccount = (trx: Knex, type: 'bank_account.created' | 'bank_account.updated', actor: User, account: BankAccountRow, extra: Record<string, unknown> = {}) =>
  recordEvent(trx, {
    type,
    organizationId: account.organizationId,
    audience: 'administrators',
    propertyId: account.propertyId,
    actorId: actor.id,
    subject: { type: 'bank_account', id: account.id },
    payload: { ...accountPayload(account), ...extra },
  });

export async function createBankAccount(trx: Knex, actor: User, property: Property, input: BankAccountCreateInput): Promise<BankAccountRow> {
  const { fundIds, ...fields } = input;
  const placed = { propertyId: property.id };
  if (fields.receivesPayments) await takeReceivingFlag(trx, { id: 0, ...placed });
  const [{ id }] = await trx('bankAccounts').insert({ ...fields, organizationId: property.organizationId, ...placed }).returning('id');
  await saveFunds(trx, { id, ...placed }, fundIds);
  const account = await readBankAccount(trx, id);
  await tellAccount(trx, 'bank_account.created', actor, account);
  return account;
}

export async function updateBankAccount(trx: Knex, actor: User, current: StoredBankAccount, input: BankAccountUpdateInput): Promise<BankAccountRow> {
  const { fundIds, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (changes.receivesPayments) await takeReceivingFlag(trx, current);
  if (Object.keys(changes).length) await trx('bankAccounts').where({ id: current.id }).update({ ...changes, updatedAt: trx.fn.now() });
  if (fundIds) await saveFunds(trx, current, fundIds);
  const account = await readBankAccount(trx, current.id);
  await tellAccount(trx, 'bank_account.updated', actor, account, { changed: [...Object.keys(changes), ...(fundIds ? ['fundIds'] : [])] });
  return account;
}

/** Remembers how the account's CSV reads (the next import needs no mapping). */
export async function rememberMapping(trx: Knex, account: StoredBankAccount, mapping: StatementMapping) {
  await trx('bankAccounts').where({ id: account.id }).update({ statementMapping: JSON.stringify(mapping), updatedAt: trx.fn.now() });
}

/**
 * The bank account an expense payment leaves from: one of the expense's property (404
 * otherwise); none for cash (400). A non-cash payment of a property that has bank accounts
 * must name one (400); before a property has any, payments name none (as before accounts).
 */
export async function checkPaymentAccount(trx: Knex, expense: Pick<StoredExpense, 'propertyId'>, input: Pick<ExpensePaymentInput, 'bankAccountId' | 'method'>) {
  if (input.bankAccountId) {
    const account = await trx('bankAccounts').where({ id: input.bankAccountId, propertyId: expense.propertyId }).first('id');
    if (!account) throw notFound(messageText('finances_bank_account_not_found'));
    if (input.method === 'cash') throw validationError({ bankAccountId: messageText('finances_bank_account_cash') });
    return;
  }
  if (input.method === 'cash') return;
  if (await trx('bankAccounts').where({ propertyId: expense.propertyId }).first('id')) {
    throw validationError({ bankAccountId: messageText('finances_bank_account_required') });
  }
}
