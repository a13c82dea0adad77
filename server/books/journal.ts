import type { Knex } from 'knex';

/**
 * The journal (docs/modules/finances.md, "The books underneath"): the one place entries are
 * written. Every money command calls these in its own transaction. An entry balances (checked
 * here, and by the database when the transaction commits) and is never edited: a void or a
 * correction is a reversing entry, which points to the entry it reverses.
 */

/** A line: an account of the organization by its `key` in the default chart, or by id. */
export type JournalLine = { account: string | number; fundId?: number | null; debit?: number; credit?: number };

export type EntryInput = {
  organizationId: number;
  propertyId: number;
  date: string;
  source: { type: SourceType; id: number };
  description: string;
  createdById?: number | null;
  lines: JournalLine[];
};

/** What an entry records: the row of billing or finances it comes from. */
export type SourceType =
  | 'charge'
  | 'credit_note'
  | 'payment'
  | 'allocation'
  | 'expense'
  | 'expense_payment'
  | 'fund_transfer'
  | 'fund_opening'
  | 'other_income';

/** The ids of an organization's accounts by key. */
export async function accountIds(trx: Knex, organizationId: number, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows: Array<{ id: number; key: string }> = await trx('accounts').where({ organizationId }).whereIn('key', keys).select('id', 'key');
  const found = new Map(rows.map((row) => [row.key, row.id]));
  const missing = keys.filter((key) => !found.has(key));
  if (missing.length) throw new Error(`organization ${organizationId} has no account ${missing.join(', ')}`);
  return found;
}

/**
 * Posts a balanced entry; lines of 0 are left out, lines of one account and fund on the same
 * side are added up. Answers the entry's id, or null when nothing moved (every line 0).
 */
export async function postEntry(trx: Knex, input: EntryInput): Promise<number | null> {
  const keys = [...new Set(input.lines.map((line) => line.account).filter((account): account is string => typeof account === 'string'))];
  const lines = entryLines(input, await accountIds(trx, input.organizationId, keys));
  if (!lines.length) return null;
  const [{ id }] = await trx('journalEntries').insert(entryRow(input)).returning('id');
  await trx('journalLines').insert(lines.map((line) => ({ ...line, entryId: id })));
  return id;
}

/**
 * Posts many entries of one organization at once (the worker's batches: a month's cuotas, the
 * day's late fees), each as postEntry would: two multi-row inserts instead of two per entry.
 */
export async function postEntries(trx: Knex, organizationId: number, inputs: EntryInput[], known?: Map<string, number>) {
  const keys = [...new Set(inputs.flatMap((input) => input.lines.map((line) => line.account)).filter((account): account is string => typeof account === 'string'))];
  // `known`: the accounts read beforehand (a batch reads them before it takes its numbers).
  const ids = known && keys.every((key) => known.has(key)) ? known : await accountIds(trx, organizationId, keys);
  const posted = inputs.map((input) => ({ input, lines: entryLines(input, ids) })).filter((entry) => entry.lines.length);
  if (!posted.length) return;
  const entries: Array<{ id: number; sourceType: string; sourceId: number }> = await trx('journalEntries')
    .insert(posted.map((entry) => entryRow(entry.input)))
    .returning(['id', 'sourceType', 'sourceId']);
  const entryOf = new Map(entries.map((entry) => [`${entry.sourceType}:${entry.sourceId}`, entry.id]));
  await trx('journalLines').insert(posted.flatMap(({ input, lines }) => lines.map((line) => ({ ...line, entryId: entryOf.get(`${input.source.type}:${input.source.id}`)! }))));
}

const entryRow = (input: EntryInput) => ({
  organizationId: input.organizationId,
  propertyId: input.propertyId,
  date: input.date,
  sourceType: input.source.type,
  sourceId: input.source.id,
  description: input.description,
  createdById: input.createdById ?? null,
});

/** An entry's lines with their account ids, those of 0 left out and those of one account, fund and side added up; checked to balance. */
function entryLines(input: EntryInput, ids: Map<string, number>) {
  const merged = new Map<string, { accountId: number; fundId: number | null; debit: number; credit: number }>();
  for (const line of input.lines) {
    const debit = line.debit ?? 0;
    const credit = line.credit ?? 0;
    if (!Number.isInteger(debit) || !Number.isInteger(credit) || debit < 0 || credit < 0) throw new Error('journal amounts are whole centavos, never negative');
    const accountId = typeof line.account === 'number' ? line.account : ids.get(line.account)!;
    const side = debit ? 'd' : 'c';
    const id = `${accountId}:${line.fundId ?? ''}:${side}`;
    const found = merged.get(id) ?? { accountId, fundId: line.fundId ?? null, debit: 0, credit: 0 };
    found.debit += debit;
    found.credit += credit;
    merged.set(id, found);
  }
  const lines = [...merged.values()].filter((line) => line.debit > 0 || line.credit > 0);
  const difference = lines.reduce((sum, line) => sum + line.debit - line.credit, 0);
  if (difference !== 0) throw new Error(`journal entry for ${input.source.type} ${input.source.id} does not balance (${difference})`);
  return lines;
}

/** Reverses an entry (debits become credits) on `date`, unless it was reversed already. */
export async function reverseEntry(trx: Knex, entryId: number, { date, description, createdById }: { date?: string; description: string; createdById?: number | null }) {
  const entry = await trx('journalEntries').where({ id: entryId }).first();
  if (!entry || entry.reversesEntryId) return null;
  if (await trx('journalEntries').where({ reversesEntryId: entryId }).first('id')) return null;
  const lines = await trx('journalLines').where({ entryId }).orderBy('id');
  const [{ id }] = await trx('journalEntries')
    .insert({
      organizationId: entry.organizationId,
      propertyId: entry.propertyId,
      date: date && date > entry.date ? date : entry.date,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId,
      description,
      reversesEntryId: entryId,
      createdById: createdById ?? null,
    })
    .returning('id');
  await trx('journalLines').insert(
    lines.map((line: { accountId: number; fundId: number | null; debit: string | number; credit: string | number }) => ({
      entryId: id,
      accountId: line.accountId,
      fundId: line.fundId,
      debit: line.credit,
      credit: line.debit,
    })),
  );
  return id;
}

/** The entries of a source that stand (neither reversed nor reversals). */
export function standingEntries(trx: Knex, type: SourceType, ids: number[]) {
  return trx('journalEntries as e')
    .where('e.sourceType', type)
    .whereIn('e.sourceId', ids)
    .whereNull('e.reversesEntryId')
    .whereNotExists(trx('journalEntries as r').whereRaw('r.reverses_entry_id = e.id'))
    .orderBy('e.id')
    .select('e.id', 'e.sourceId', 'e.date');
}

/** Reverses every standing entry of a source (a void, a refund, a correction). */
export async function reverseSource(trx: Knex, type: SourceType, ids: number[], options: { date?: string; description: string; createdById?: number | null }) {
  if (!ids.length) return;
  for (const entry of await standingEntries(trx, type, ids)) await reverseEntry(trx, entry.id, options);
}

/** Whether a source has an entry already (posted, maybe reversed since): posting is once per source. */
export async function isPosted(trx: Knex, type: SourceType, id: number) {
  return Boolean(await trx('journalEntries').where({ sourceType: type, sourceId: id }).first('id'));
}
