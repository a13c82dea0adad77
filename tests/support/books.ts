import { expect } from 'vitest';
import { balanceSheet, trialBalance } from '../../server/books/statements';
import { listFunds } from '../../server/commands/finances/funds';
import { db } from '../../server/db';

/**
 * The books agree with the module's rows to the centavo (docs/modules/finances.md, "The books
 * underneath"), for one property, at the end of each of `days`:
 * - every entry balances, the trial balance's columns are equal, assets = liabilities + equity;
 * - each fund's balance (listFunds, from the rows) is the journal's cash and bank lines of that
 *   fund, and, today, opening + income + other incomes + transfers - expense payments recomputed here;
 * - receivables are what the charges still owe, the owners' advances the payments' credit, the
 *   payables what the expenses not voided still owe;
 * - each allocation's parts add up to it, and a charge paid in full by standing allocations
 *   gave its reserve fund exactly its reserve line.
 */
export async function checkBooks(propertyId: number, days: string[]) {
  const sql = async (text: string, values: Record<string, unknown> = {}) => (await db().raw(text, { property: propertyId, ...values })).rows;

  expect(
    await sql(`select e.id from journal_entries e join journal_lines l on l.entry_id = e.id where e.property_id = :property
               group by e.id having sum(l.debit) <> sum(l.credit)`),
  ).toEqual([]);

  for (const day of days) {
    const trial = await trialBalance(db(), propertyId, day);
    expect(trial.totalDebit).toBe(trial.totalCredit);
    const sheet = await balanceSheet(db(), propertyId, day);
    expect(sheet.assets).toBe(sheet.liabilities + sheet.equity);
    const funds = await listFunds({ id: propertyId }, day);
    const journal = await sql(
      `select f.id, coalesce(sum(l.debit - l.credit), 0)::bigint as cash from funds f
       left join journal_lines l on l.fund_id = f.id
         and l.account_id in (select id from accounts where key in ('cash', 'bank'))
         and l.entry_id in (select id from journal_entries where date <= :day)
       where f.property_id = :property group by f.id order by f.id`,
      { day },
    );
    expect(funds.map((fund) => [fund.id, Number(fund.balance)]).sort((a, b) => a[0] - b[0])).toEqual(journal.map((row: { id: number; cash: number }) => [row.id, row.cash]));
    expect(Object.fromEntries(sheet.funds.map((fund) => [fund.fundId, fund.cash]))).toEqual(Object.fromEntries(journal.map((row: { id: number; cash: number }) => [row.id, row.cash])));
  }

  // Today, from the rows alone.
  const [rows] = await sql(`select
      (select json_object_agg(f.id, f.opening_balance
         + coalesce((select sum(af.amount) from allocation_funds af join payment_allocations a on a.id = af.allocation_id
                     join payments p on p.id = a.payment_id where af.fund_id = f.id and p.status = 'confirmed'), 0)
         + coalesce((select sum(amount) from fund_transfers where to_fund_id = f.id), 0)
         - coalesce((select sum(amount) from fund_transfers where from_fund_id = f.id), 0)
         - coalesce((select sum(ep.amount) from expense_payments ep join expenses e on e.id = ep.expense_id
                     where ep.fund_id = f.id and e.status <> 'voided'), 0)
         + coalesce((select sum(amount) from other_incomes where fund_id = f.id), 0)) from funds f where f.property_id = :property) as funds,
      (select coalesce(sum(amount - paid_amount), 0) from charges where property_id = :property)::bigint as receivables,
      (select coalesce(sum(amount - allocated_amount), 0) from payments where property_id = :property and status = 'confirmed')::bigint as advances,
      (select coalesce(sum(amount + itbis - paid_amount), 0) from expenses where property_id = :property and status <> 'voided')::bigint as payables`);
  const sheet = await balanceSheet(db(), propertyId, '2100-01-01');
  const balanceOf = (key: string) => sheet.lines.find((line) => line.account.key === key)?.balance ?? 0;
  expect(balanceOf('receivables')).toBe(rows.receivables);
  expect(balanceOf('advances')).toBe(rows.advances);
  expect(balanceOf('payables')).toBe(rows.payables);
  expect(Object.fromEntries(sheet.funds.map((fund) => [String(fund.fundId), fund.cash]))).toEqual(rows.funds);

  expect(
    await sql(`select a.id from payment_allocations a join charges c on c.id = a.charge_id
               left join allocation_funds af on af.allocation_id = a.id
               where c.property_id = :property group by a.id having coalesce(sum(af.amount), 0) <> a.amount`),
  ).toEqual([]);
  expect(
    await sql(`select c.id from charges c
               join payment_allocations a on a.charge_id = c.id join payments p on p.id = a.payment_id and p.status = 'confirmed'
               join allocation_funds af on af.allocation_id = a.id
               where c.property_id = :property and not exists (select 1 from charge_credit_notes n where n.charge_id = c.id)
               group by c.id
               having sum(af.amount) = c.amount and coalesce(sum(af.amount) filter (where af.reserve_line), 0) <> c.reserve_amount`),
  ).toEqual([]);
}
