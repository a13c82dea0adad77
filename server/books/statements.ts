import type { Knex } from 'knex';
import { isDebitKind, type AccountKind } from '../../shared/books';
import type { BalanceSheet, IncomeStatement, StatementLine, TrialBalance } from '../../shared/schemas/financesBooks';

/**
 * The statements from the journal, per property (docs/modules/finances.md, "The books
 * underneath"): the trial balance and the balance sheet at the end of a day, the income
 * statement (accrual) of a period. Every figure is a sum of journal lines.
 */

type Totals = { id: number; code: string; name: string; kind: AccountKind; key: string | null; debit: number; credit: number };

/** Debits and credits per account of the property's entries dated within [from, to]. */
async function accountTotals(trx: Knex, propertyId: number, { from, to, kinds }: { from?: string; to: string; kinds?: AccountKind[] }): Promise<Totals[]> {
  const query = trx('journalLines as l')
    .join('journalEntries as e', 'e.id', 'l.entry_id')
    .join('accounts as a', 'a.id', 'l.account_id')
    .where('e.propertyId', propertyId)
    .where('e.date', '<=', to)
    .groupBy('a.id')
    .orderBy('a.code')
    .select('a.id', 'a.code', 'a.name', 'a.kind', 'a.key', trx.raw('sum(l.debit)::bigint as debit'), trx.raw('sum(l.credit)::bigint as credit'));
  if (from) query.where('e.date', '>=', from);
  if (kinds) query.whereIn('a.kind', kinds);
  return query;
}

/** A line: the account, its debits and credits, and its balance on its natural side (debit for assets and expenses). */
const lineOf = (row: Totals): StatementLine => ({
  account: { id: row.id, code: row.code, name: row.name, kind: row.kind, key: row.key },
  debit: row.debit,
  credit: row.credit,
  balance: isDebitKind(row.kind) ? row.debit - row.credit : row.credit - row.debit,
});

const sumOf = (lines: StatementLine[], kind: AccountKind) => lines.filter((line) => line.account.kind === kind).reduce((sum, line) => sum + line.balance, 0);

/**
 * The trial balance at the end of `to`: each account's balance in the debit or the credit
 * column; the columns' totals are equal (every entry balances).
 */
export async function trialBalance(trx: Knex, propertyId: number, to: string): Promise<TrialBalance> {
  const lines = (await accountTotals(trx, propertyId, { to })).map((row) => {
    const net = row.debit - row.credit;
    return { ...lineOf(row), debit: Math.max(net, 0), credit: Math.max(-net, 0) };
  });
  return {
    propertyId,
    to,
    lines,
    totalDebit: lines.reduce((sum, line) => sum + line.debit, 0),
    totalCredit: lines.reduce((sum, line) => sum + line.credit, 0),
  };
}

/**
 * The balance sheet (balance general) at the end of `to`: assets = liabilities + equity, the
 * equity being the funds' accounts and the result so far (income - expenses: no period is
 * closed into the funds), and the money in cash and the bank per fund.
 */
export async function balanceSheet(trx: Knex, propertyId: number, to: string): Promise<BalanceSheet> {
  const all = (await accountTotals(trx, propertyId, { to })).map(lineOf);
  const result = sumOf(all, 'income') - sumOf(all, 'expense');
  const lines = all.filter((line) => ['asset', 'liability', 'equity'].includes(line.account.kind));
  const funds = await trx('funds as f')
    .where('f.propertyId', propertyId)
    .orderByRaw(`case f.kind when 'operating' then 0 when 'reserve' then 1 else 2 end, f.id`)
    .select(
      'f.id as fundId',
      'f.name',
      trx.raw(
        `coalesce((select sum(l.debit - l.credit) from journal_lines l join journal_entries e on e.id = l.entry_id
                   join accounts a on a.id = l.account_id
                   where l.fund_id = f.id and a.key in ('cash', 'bank') and e.date <= ?), 0)::bigint as cash`,
        [to],
      ),
    );
  return {
    propertyId,
    to,
    assets: sumOf(lines, 'asset'),
    liabilities: sumOf(lines, 'liability'),
    equity: sumOf(lines, 'equity') + result,
    result,
    lines,
    funds,
  };
}

/** The income statement (estado de resultados) of [from, to], accrual: income by type and expenses by category. */
export async function incomeStatement(trx: Knex, propertyId: number, from: string, to: string): Promise<IncomeStatement> {
  const lines = (await accountTotals(trx, propertyId, { from, to, kinds: ['income', 'expense'] })).map(lineOf);
  const income = sumOf(lines, 'income');
  const expenses = sumOf(lines, 'expense');
  return { propertyId, from, to, income, expenses, result: income - expenses, lines };
}
