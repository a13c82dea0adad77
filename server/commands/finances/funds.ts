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
 * A fund's balance at the end of `day`, from its rows (docs/modules/finances.md, "Funds"): the
 * opening balance (from its date on), plus billing's income (the parts of payments' allocations
 * that went to the fund, `allocation_funds`, until the payment is refunded), plus transfers in,
 * minus transfers out, minus the payments of its expenses (until the expense is voided: a void
 * takes its payments back). A refund or a void counts from its day (never before the row it
 * undoes), as its reversing entry in the journal does. Plus its other incomes (incomes.ts).
 */
const BALANCE_SQL = `
  (case when funds.opening_date <= :day then funds.opening_balance else 0 end)
  + coalesce((select sum(af.amount) from allocation_funds af
              join payment_allocations a on a.id = af.allocation_id
              left join payment_refunds r on r.payment_id = a.payment_id
              where af.fund_id = funds.id and af.date <= :day
                and (r.id is null or greatest(af.date, (r.refunded_at at time zone '${TIME_ZONE}')::date) > :day)), 0)
  + coalesce((select sum(t.amount) from fund_transfers t where t.to_fund_id = funds.id and t.date <= :day), 0)
  - coalesce((select sum(t.amount) from fund_transfers t where t.from_fund_id = funds.id and t.date <= :day), 0)
  - coalesce((select sum(p.amount) from expense_payments p join expenses e on e.id = p.expense_id
              where p.fund_id = funds.id and p.paid_at <= :day
                and (e.voided_at is null or greatest(p.paid_at, (e.voided_at at time zone '${TIME_ZONE}')::date) > :day)), 0)
  + coalesce((select sum(i.amount) from other_incomes i where i.fund_id = funds.id and i.date <= :day), 0)`;

const fundRows = (trx: Knex, day: string) => trx('funds').select('funds.*', trx.raw(`cast(${BALANCE_SQL} as bigint) as balance`, { day }));

/** The property's funds with their balances at the end of `day` (today when not given). */
export async function listFunds(property: Pick<Property, 'id'>, day = todayThere(), trx: Knex = db()): Promise<FundRow[]> {
  return fundRows(trx, day).where('funds.propertyId', property.id).orderByRaw(`case funds.kind when 'operating' then 0 when 'reserve' then 1 else 2 end, funds.id`);
}

export async function readFund(trx: Knex, id: number, day = todayThere()): Promise<FundRow> {
  return fundRows(trx, day).where('funds.id', id).first();
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
