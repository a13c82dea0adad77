import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { AccountCreateInput, AccountListQuery, AccountUpdateInput, JournalQuery } from '../../../shared/schemas/financesBooks';
import { db } from '../../db';
import { isUniqueViolation } from '../../db/violations';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { whereFinancesReachable } from '../../policies/finances';

/**
 * The chart of accounts and the journal as administrators read them (docs/modules/finances.md,
 * "The books underneath"). Entries are written only by server/books (the money commands).
 */

export type AccountRow = { id: number; organizationId: number; code: string; name: string; kind: string; key: string | null; active: boolean };

/** The accounts of the organizations the user manages, by code. */
export async function listAccounts(user: User, filters: AccountListQuery, trx: Knex = db()): Promise<AccountRow[]> {
  const query = whereFinancesReachable(trx('accounts'), 'accounts', user).orderBy([{ column: 'accounts.organizationId' }, { column: 'accounts.code' }]);
  if (filters.organizationId) query.where('accounts.organizationId', filters.organizationId);
  if (filters.kind) query.where('accounts.kind', filters.kind);
  return query.select('accounts.*');
}

/** A code is unique in its organization's chart: 409 on the code otherwise. */
async function savingCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_organization_id_code_unique')) {
      throw conflict(messageText('books_account_code_taken'), 'account_code_taken', { code: messageText('books_account_code_taken') });
    }
    throw error;
  }
}

const accountEvent = (type: 'account.created' | 'account.updated', actor: User, account: AccountRow, extra: Record<string, unknown> = {}) => ({
  type,
  organizationId: account.organizationId,
  audience: 'administrators' as const,
  actorId: actor.id,
  subject: { type: 'account', id: account.id },
  payload: { id: account.id, code: account.code, name: account.name, kind: account.kind, active: account.active, ...extra },
});

/** An administrator's own account (no `key`: the books post to the default chart's; entries by hand come later). */
export async function createAccount(trx: Knex, actor: User, organizationId: number, input: AccountCreateInput): Promise<AccountRow> {
  const [account] = (await savingCode(() =>
    trx('accounts').insert({ organizationId, code: input.code, name: input.name, kind: input.kind }).returning('*'),
  )) as AccountRow[];
  await recordEvent(trx, accountEvent('account.created', actor, account));
  return account;
}

/** Renames, renumbers, (de)activates an account; its kind changes only while nothing was posted to it and it is not one the books post to (409). */
export async function updateAccount(trx: Knex, actor: User, current: { id: number; key: string | null; kind: string }, input: AccountUpdateInput): Promise<AccountRow> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (input.kind && input.kind !== current.kind && (current.key || (await trx('journalLines').where({ accountId: current.id }).first('id')))) {
    throw conflict(messageText('books_account_kind_fixed'), 'account_kind_fixed', { kind: messageText('books_account_kind_fixed') });
  }
  if (Object.keys(changes).length) await savingCode(() => trx('accounts').where({ id: current.id }).update({ ...changes, updatedAt: trx.fn.now() }));
  const account: AccountRow = await trx('accounts').where({ id: current.id }).first();
  await recordEvent(trx, accountEvent('account.updated', actor, account, { changed: Object.keys(changes) }));
  return account;
}

export type JournalEntryRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  date: string;
  sourceType: string;
  sourceId: number;
  description: string;
  reversesEntryId: number | null;
  reversedByEntryId: number | null;
  createdById: number | null;
  createdAt: Date;
  lines: Array<{ accountId: number; code: string; name: string; fundId: number | null; debit: number; credit: number }>;
};

/** One page of journal entries (latest first) of the properties the user manages, with their lines, and the total. */
export async function listJournal(user: User, filters: JournalQuery, trx: Knex = db()): Promise<{ rows: JournalEntryRow[]; total: number }> {
  const query = whereFinancesReachable(trx('journalEntries'), 'journal_entries', user);
  if (filters.propertyId) query.where('journalEntries.propertyId', filters.propertyId);
  if (filters.from) query.where('journalEntries.date', '>=', filters.from);
  if (filters.to) query.where('journalEntries.date', '<=', filters.to);
  if (filters.accountId) query.whereExists(trx('journalLines as l').whereRaw('l.entry_id = journal_entries.id').where('l.accountId', filters.accountId));
  if (filters.q) query.whereILike('journalEntries.description', `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`);
  const [{ count }] = await query.clone().count({ count: '*' });
  const page = query
    .select('journalEntries.*', trx.raw('(select r.id from journal_entries r where r.reverses_entry_id = journal_entries.id) as reversed_by_entry_id'))
    .orderBy([{ column: 'journalEntries.date', order: 'desc' }, { column: 'journalEntries.id', order: 'desc' }])
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  const entries: Array<Omit<JournalEntryRow, 'lines'>> = await page;
  const lines = entries.length
    ? await trx('journalLines as l')
        .join('accounts as a', 'a.id', 'l.account_id')
        .whereIn('l.entryId', entries.map((entry) => entry.id))
        .orderBy('l.id')
        .select('l.entryId', 'l.accountId', 'a.code', 'a.name', 'l.fundId', 'l.debit', 'l.credit')
    : [];
  return {
    rows: entries.map((entry) => ({
      ...entry,
      lines: lines.filter((line) => line.entryId === entry.id).map(({ entryId: _entryId, ...line }) => line),
    })),
    total: Number(count),
  };
}
