import type { Knex } from 'knex';
import type { FundCreateInput, FundTransferInput, FundUpdateInput } from '../../../shared/schemas/finances';
import { messageText } from '../../../shared/messages';
import { TIME_ZONE, todayThere } from '../../../shared/time';
import { db } from '../../db';
import { isUniqueViolation } from '../../db/violations';
import { conflict, validationError } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import type { FundRow, FundTransferRow } from '../../rows/finances';
import { postFundOpening, postTransfer } from '../../books/post';
import { assertPeriodOpen } from '../../policies/periods';

/**
 * Each fund's balance at the end of two days, `:a` and `:b`, from its rows in one pass over them
 * (docs/modules/finances.md, "Funds"): the opening balance (from its date on), plus billing's
 * income (the parts of payments' allocations that went to the fund, `allocation_funds`, until
 * the payment is refunded), plus transfers in, minus transfers out, minus the payments of its
 * expenses (until the expense is voided: a void takes its payments back), plus its other
 * incomes (incomes.ts). A refund or a void counts from its day (never before the row it
 * undoes), as its reversing entry in the journal does. The monthly report asks for the
 * balances the day before the month and at its end: one scan of each kind of row, not two.
 * Income is the sum of the fund's allocations (by its index on fund and date) less those of
 * refunded payments from the refund's day (a payment has at most one refund; read from the few
 * refunds, not by joining every allocation to its payment).
 */
const sumAt = (amount: string, date: string, day: ':a' | ':b', undone = '') =>
  `coalesce(sum(${amount}) filter (where ${date} <= cast(${day} as date)${undone ? ` and ${undone.replaceAll('DAY', `cast(${day} as date)`)}` : ''}), 0)`;
const bothDays = (amount: string, date: string, undone = '') => `${sumAt(amount, date, ':a', undone)} as a, ${sumAt(amount, date, ':b', undone)} as b`;
const refundDay = `greatest(af.date, (r.refunded_at at time zone '${TIME_ZONE}')::date)`;
const voided = `(e.voided_at is null or greatest(p.paid_at, (e.voided_at at time zone '${TIME_ZONE}')::date) > DAY)`;
const last = 'greatest(cast(:a as date), cast(:b as date))';
const opening = (day: ':a' | ':b') => `(case when funds.opening_date <= cast(${day} as date) then funds.opening_balance else 0 end)`;
const balanceAt = (day: ':a' | ':b') => {
  const side = day === ':a' ? 'a' : 'b';
  return `cast(${opening(day)} + income.${side} - refunded.${side} + transfers_in.${side} - transfers_out.${side} - paid.${side} + other.${side} as bigint)`;
};
const BALANCES_SQL = `
  select funds.*, ${balanceAt(':a')} as balance_a, ${balanceAt(':b')} as balance_b
    from funds
   cross join lateral (select ${bothDays('af.amount', 'af.date')} from allocation_funds af where af.fund_id = funds.id and af.date <= ${last}) income
   cross join lateral (select ${bothDays('af.amount', refundDay)}
                         from payment_refunds r
                         join payment_allocations pa on pa.payment_id = r.payment_id
                         join allocation_funds af on af.allocation_id = pa.id
                        where r.organization_id = funds.organization_id and af.fund_id = funds.id and af.date <= ${last}) refunded
   cross join lateral (select ${bothDays('t.amount', 't.date')} from fund_transfers t where t.to_fund_id = funds.id and t.date <= ${last}) transfers_in
   cross join lateral (select ${bothDays('t.amount', 't.date')} from fund_transfers t where t.from_fund_id = funds.id and t.date <= ${last}) transfers_out
   cross join lateral (select ${bothDays('p.amount', 'p.paid_at', voided)}
                         from expense_payments p join expenses e on e.id = p.expense_id
                        where p.fund_id = funds.id and p.paid_at <= ${last}) paid
   cross join lateral (select ${bothDays('i.amount', 'i.date')} from other_incomes i where i.fund_id = funds.id and i.date <= ${last}) other`;

type FundBalances = Omit<FundRow, 'balance'> & { balanceA: number; balanceB: number };

/** The funds with their balances at the end of `a` and `b` (a subquery named `funds`, filtered and ordered by the caller). */
const fundBalances = (trx: Knex, a: string, b: string) =>
  trx
    .from(trx.raw(`(${BALANCES_SQL}) as funds`, { a, b }))
    .select<FundBalances[]>('funds.*')
    .orderByRaw(`case funds.kind when 'operating' then 0 when 'reserve' then 1 else 2 end, funds.id`);

const withBalance = ({ balanceA, balanceB: _closing, ...fund }: FundBalances): FundRow => ({ ...fund, balance: Number(balanceA) });

/** The property's funds with their balances at the end of `day` (today when not given). */
export async function listFunds(property: Pick<Property, 'id'>, day = todayThere(), trx: Knex = db()): Promise<FundRow[]> {
  return (await fundBalances(trx, day, day).where('funds.propertyId', property.id)).map(withBalance);
}

/** The property's funds with their balances at the end of `before` (`opening`) and of `to` (`balance`), in one query. */
export async function listFundsAround(property: Pick<Property, 'id'>, before: string, to: string, trx: Knex = db()): Promise<Array<FundRow & { opening: number }>> {
  const rows = await fundBalances(trx, before, to).where('funds.propertyId', property.id);
  return rows.map((fund) => ({ ...withBalance({ ...fund, balanceA: fund.balanceB }), opening: Number(fund.balanceA) }));
}

export async function readFund(trx: Knex, id: number, day = todayThere()): Promise<FundRow> {
  const [fund] = await fundBalances(trx, day, day).where('funds.id', id);
  return fund && withBalance(fund);
}

const fundPayload = (fund: FundRow) => ({ id: fund.id, name: fund.name, kind: fund.kind, openingBalance: fund.openingBalance, openingDate: fund.openingDate });

const fundEvent = (type: 'fund.created' | 'fund.updated', actor: User, fund: FundRow) => ({
  type,
  organizationId: fund.organizationId,
  audience: 'administrators' as const,
  propertyId: fund.propertyId,
  actorId: actor.id,
  subject: { type: 'fund', id: fund.id },
  payload: fundPayload(fund),
});

/** A fund name is unique in its property (any case): 409 on the name otherwise. */
async function savingName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'funds_property_name_unique')) {
      throw conflict(messageText('finances_fund_name_taken'), 'fund_name_taken', { name: messageText('finances_fund_name_taken') });
    }
    throw error;
  }
}

/** An administrator's own fund (kind `other`); `operating` and `reserve` come with the property. */
export async function createFund(trx: Knex, actor: User, property: Property, input: FundCreateInput): Promise<FundRow> {
  const [{ id }] = await savingName(() =>
    trx('funds').insert({ organizationId: property.organizationId, propertyId: property.id, kind: 'other', ...input }).returning('id'),
  );
  await postFundOpening(trx, id, actor.id);
  const fund = await readFund(trx, id);
  await recordEvent(trx, fundEvent('fund.created', actor, fund));
  return fund;
}

/** A fund's name, opening balance or date. */
export async function updateFund(trx: Knex, actor: User, fundId: number, input: FundUpdateInput): Promise<FundRow> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) {
    await savingName(() => trx('funds').where({ id: fundId }).update({ ...changes, updatedAt: trx.fn.now() }));
    await postFundOpening(trx, fundId, actor.id);
  }
  const fund = await readFund(trx, fundId);
  await recordEvent(trx, { ...fundEvent('fund.updated', actor, fund), payload: { ...fundPayload(fund), changed: Object.keys(changes) } });
  return fund;
}

type PlacedFund = { id: number; organizationId: number; propertyId: number };

/** Money moved between two funds of one property (a row; the balances follow from it). */
export async function transferBetweenFunds(trx: Knex, actor: User, from: PlacedFund, to: PlacedFund, input: FundTransferInput): Promise<FundTransferRow> {
  if (from.propertyId !== to.propertyId) throw validationError({ toFundId: messageText('finances_transfer_other_property') });
  await assertPeriodOpen(trx, from.propertyId, input.date);
  const [transfer] = (await trx('fundTransfers')
    .insert({
      organizationId: from.organizationId,
      propertyId: from.propertyId,
      fromFundId: from.id,
      toFundId: to.id,
      amount: input.amount,
      date: input.date,
      description: input.description,
      createdById: actor.id,
    })
    .returning('*')) as FundTransferRow[];
  await postTransfer(trx, transfer.id, actor.id);
  await recordEvent(trx, {
    type: 'fund.transferred',
    organizationId: transfer.organizationId,
    audience: 'administrators',
    propertyId: transfer.propertyId,
    actorId: actor.id,
    subject: { type: 'fund_transfer', id: transfer.id },
    payload: { fromFundId: from.id, toFundId: to.id, amount: transfer.amount, date: transfer.date },
  });
  return transfer;
}
