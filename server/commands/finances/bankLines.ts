import type { Knex } from 'knex';
import { SUGGESTION_DAYS } from '../../../shared/financesBank';
import type { BankLinesQuery } from '../../../shared/schemas/financesBank';
import { db } from '../../db';
import { readTogether } from '../../db/transaction';
import type { BankLineRow, BookEntry, StoredBankAccount, StoredBankLine } from '../../rows/financesBank';
import { BOOK_ENTRIES_SQL, ENTRY_MATCHED_SQL, bookBindings, entryOf } from './bankBook';

/** The first and last day of a `YYYY-MM` month. */
export function monthDays(month: string) {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

const digits = (column: string) => `regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/**
 * Pairs of an unmatched line and an unmatched book entry of the account that could be the same
 * money: same signed amount, dated within SUGGESTION_DAYS, and reference digits that agree when
 * both have them (one contains the other). A pair whose entry's reference digits (4 or more)
 * appear in the line's reference or description ranks first; then the closer date. One SQL for
 * all the lines asked (a 2,000-line month is one query). Both sides are computed once and then
 * joined on (amount, date): inlined, the book was read again for each line. The book side comes
 * first, and only the lines with the amount of one of its entries have their reference digits
 * extracted (the regular expressions on all 2,000 lines of a month were most of its time).
 * `:amounts` (when not null) keeps only the lines and entries of those amounts (see Scope).
 */
const PAIRS_SQL = `
  with b as materialized (
    select b.*, ${digits('b.reference')} as ref from (${BOOK_ENTRIES_SQL}) b
     where b.date between cast(:from as date) - cast(:days as int) and cast(:to as date) + cast(:days as int)
       and (cast(:amounts as bigint[]) is null or b.amount = any(:amounts)) and not ${ENTRY_MATCHED_SQL}
  ), l as materialized (
    select id, date, amount, ${digits('reference')} as ref, ${digits('description')} as text_digits
      from bank_lines
     where bank_account_id = :account and matched_at is null
       and (cast(:lines as int[]) is null or id = any(:lines))
       and (cast(:first as date) is null or date between :first and :last)
       and (cast(:amounts as bigint[]) is null or amount = any(:amounts))
       and amount in (select amount from b)
  )
  select l.id as line_id, to_char(l.date, 'YYYY-MM-DD') as line_date, b.kind, b.id, b.date, b.amount, b.reference, b.description,
         abs(l.date - b.date) as days,
         (b.ref <> '' and ((l.ref <> '' and (position(b.ref in l.ref) > 0 or position(l.ref in b.ref) > 0))
                           or (length(b.ref) >= 4 and position(b.ref in l.text_digits) > 0))) as ref_match
    from l join b on b.amount = l.amount and b.date between l.date - cast(:days as int) and l.date + cast(:days as int)
   where l.ref = '' or b.ref = '' or position(b.ref in l.ref) > 0 or position(l.ref in b.ref) > 0`;

/**
 * The unmatched lines whose suggestions are decided together: the lines asked (`lines`), or all
 * of the account's in a month (`first`..`last`) or ever; with `amounts`, only those of these
 * amounts. A line and an entry pair only when their amounts are equal, so the pairs of one
 * amount never take a line or entry of another: deciding the lines of some amounts alone gives
 * them exactly the suggestions the whole scope would (a page's lines need only their amounts).
 */
type Scope = { lines: number[] } | { first: string | null; last: string | null; amounts?: number[] };

/**
 * One suggestion per line and one line per book entry: the pairs best first (reference match,
 * closer date, earlier line), each taken unless its line or entry was already taken. The pairs
 * are those of every unmatched line of the scope, so a page of a month's lines shows exactly
 * what the whole month would (another page's line may take an entry first).
 */
async function suggestionsFor(trx: Knex, account: StoredBankAccount, scope: Scope) {
  const chosen = new Map<number, BookEntry>();
  const asked = 'lines' in scope ? { lines: scope.lines, first: null, last: null, amounts: null } : { lines: null, first: scope.first, last: scope.last, amounts: scope.amounts ?? null };
  if ((asked.lines && !asked.lines.length) || (asked.amounts && !asked.amounts.length)) return chosen;
  // Only the book entries near the lines' dates (one month's, not the account's whole book).
  const { rows: spans } = await trx.raw(
    `select to_char(min(date), 'YYYY-MM-DD') as "from", to_char(max(date), 'YYYY-MM-DD') as "to" from bank_lines
      where bank_account_id = :account and matched_at is null and (cast(:lines as int[]) is null or id = any(:lines))
        and (cast(:first as date) is null or date between :first and :last)
        and (cast(:amounts as bigint[]) is null or amount = any(:amounts))`,
    { account: account.id, ...asked },
  );
  if (!spans[0]?.from) return chosen;
  const { rows } = await trx.raw(PAIRS_SQL, { ...bookBindings(account), ...asked, from: spans[0].from, to: spans[0].to, days: SUGGESTION_DAYS });
  type Pair = Record<string, unknown> & { line_id: number; line_date: string; kind: string; id: number; days: number; ref_match: boolean };
  (rows as Pair[]).sort(
    (a, b) =>
      Number(b.ref_match) - Number(a.ref_match) ||
      a.days - b.days ||
      (a.line_date < b.line_date ? -1 : a.line_date > b.line_date ? 1 : 0) ||
      a.line_id - b.line_id ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      a.id - b.id,
  );
  const taken = new Set<string>();
  for (const pair of rows as Pair[]) {
    const entryKey = `${pair.kind}:${pair.id}`;
    if (chosen.has(pair.line_id) || taken.has(entryKey)) continue;
    chosen.set(pair.line_id, entryOf(pair));
    taken.add(entryKey);
  }
  return chosen;
}

/** The book entries that lines are matched to, by line. */
async function matchedEntries(trx: Knex, account: StoredBankAccount, lines: StoredBankLine[]) {
  const matched = lines.filter((line) => line.matchedAt);
  const byLine = new Map<number, BookEntry>();
  if (!matched.length) return byLine;
  const { rows } = await trx.raw(
    `select l.id as line_id, b.* from bank_lines l join (${BOOK_ENTRIES_SQL}) b
       on (b.kind = 'payment' and b.id = l.payment_id) or (b.kind = 'expense_payment' and b.id = l.expense_payment_id) or (b.kind = 'income' and b.id = l.other_income_id)
      where l.id = any(:lines)`,
    { ...bookBindings({ ...account, openingDate: '1900-01-01' }), lines: matched.map((line) => line.id) },
  );
  for (const row of rows as Array<Record<string, unknown> & { line_id: number }>) byLine.set(row.line_id, entryOf(row));
  return byLine;
}

/** A page of the account's lines (oldest first), of a month and status when asked, with what each is matched to or suggested. */
export async function listBankLines(account: StoredBankAccount, filters: BankLinesQuery, trx: Knex = db()): Promise<{ rows: BankLineRow[]; total: number }> {
  const query = trx('bankLines').where({ bankAccountId: account.id });
  const month = filters.month ? monthDays(filters.month) : { first: null, last: null };
  if (filters.month) query.whereBetween('date', [month.first!, month.last!]);
  if (filters.status === 'matched') query.whereNotNull('matchedAt');
  if (filters.status === 'unmatched') query.whereNull('matchedAt');
  const counted = query.clone().count({ count: '*' });
  const page = query.orderBy([{ column: 'date' }, { column: 'id' }]).offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  const [[{ count }], lines] = await readTogether<[Array<{ count?: string | number }>, StoredBankLine[]]>(
    trx,
    async () => counted,
    async () => page,
  );
  // The suggestions of the page's lines are decided with all the unmatched lines of the month (or of the account) of their amounts.
  const amounts = [...new Set(lines.filter((line) => !line.matchedAt).map((line) => Number(line.amount)))];
  const [suggestions, matched] = await readTogether(
    trx,
    async () => (amounts.length ? suggestionsFor(trx, account, { ...month, amounts }) : new Map<number, BookEntry>()),
    () => matchedEntries(trx, account, lines),
  );
  return {
    rows: lines.map((line) => ({ ...line, matched: matched.get(line.id) ?? null, suggestion: suggestions.get(line.id) ?? null })),
    total: Number(count),
  };
}

export async function readBankLine(trx: Knex, account: StoredBankAccount, id: number): Promise<BankLineRow> {
  const line = (await trx('bankLines').where({ id }).first()) as StoredBankLine;
  const [suggestions, matched] = await readTogether(
    trx,
    async () => (line.matchedAt ? new Map<number, BookEntry>() : suggestionsFor(trx, account, { lines: [line.id] })),
    () => matchedEntries(trx, account, [line]),
  );
  return { ...line, matched: matched.get(line.id) ?? null, suggestion: suggestions.get(line.id) ?? null };
}
