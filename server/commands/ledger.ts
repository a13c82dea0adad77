import type { Knex } from 'knex';
import { planAllocations, type Allocation, type OpenCharge } from '../../shared/billing';
import { todayThere } from '../../shared/time';
import type { EventType } from '../../shared/events';
import { messageText } from '../../shared/messages';
import type { AllocationChoice } from '../../shared/schemas/billing';
import { validationError } from '../errors';
import type { EventInput } from '../events/outbox';
import { unitPeopleIds } from '../policies/billing';
import { containsPattern } from '../db/search';
import { postAllocations, type MadeAllocation } from '../books/post';

/**
 * The ledger's shared steps. Every change of a unit's ledger first locks the unit's row
 * (`lockUnit`), so changes of one unit happen one at a time; numbers come from the
 * organization's counters (locked until commit, so without gaps); the database keeps the
 * sums and refuses any allocation beyond a charge or a payment (migration 20261202000004).
 */

/** Serializes the ledger changes of one unit until the transaction ends. */
export async function lockUnit(trx: Knex, unitId: number) {
  await trx('units').where({ id: unitId }).forNoKeyUpdate().first('id');
}

/** Who a unit's charges and payments are billed to: its owner, else its primary resident, else any active resident. */
export async function billedUserId(trx: Knex, unitId: number): Promise<number | null> {
  const owner = await trx('units').where({ id: unitId }).first('ownerId');
  if (owner?.ownerId) return owner.ownerId;
  const resident = await trx('residents')
    .where({ unitId })
    .whereNot('status', 'inactive')
    .orderBy([{ column: 'isPrimary', order: 'desc' }, { column: 'status' }, { column: 'id' }])
    .first('userId');
  return resident?.userId ?? null;
}

/** The next invoice (`FAC-2026-000123`) or receipt (`REC-2026-000045`) number of an organization. */
export async function nextNumber(trx: Knex, organizationId: number, series: 'invoice' | 'receipt'): Promise<string> {
  const { rows } = await trx.raw('select ? as number', [nextNumberSql(trx, organizationId, series)]);
  return rows[0].number;
}

/** nextNumber as an SQL expression, to set a column in the statement that writes the row. */
export const nextNumberSql = (trx: Knex, organizationId: number, series: 'invoice' | 'receipt') =>
  trx.raw('billing_next_number(?, ?, ?::date)', [organizationId, series, todayThere()]);

/**
 * `count` consecutive numbers of a series at once (a batch of charges): one update of the
 * counter row, which stays locked until commit like nextNumber's. A batch takes them last,
 * just before it writes the rows, so the counter is held for its inserts only.
 */
export async function nextNumbers(trx: Knex, organizationId: number, series: 'invoice' | 'receipt', count: number): Promise<string[]> {
  if (count <= 0) return [];
  const year = Number(todayThere().slice(0, 4));
  const { rows } = await trx.raw(
    `insert into billing_sequences as s (organization_id, series, year, last_number) values (?, ?, ?, ?)
     on conflict (organization_id, series, year) do update set last_number = s.last_number + excluded.last_number
     returning s.last_number`,
    [organizationId, series, year, count],
  );
  const last = Number(rows[0].last_number);
  const prefix = series === 'invoice' ? 'FAC' : 'REC';
  return Array.from({ length: count }, (_, i) => `${prefix}-${year}-${String(last - count + 1 + i).padStart(6, '0')}`);
}

/** Who each unit's charges are billed to (billedUserId of each, in one query). */
export async function billedUserIds(trx: Knex, unitIds: number[]): Promise<Map<number, number | null>> {
  const { rows } = await trx.raw(
    `select u.id, coalesce(u.owner_id, (
       select r.user_id from residents r where r.unit_id = u.id and r.status <> 'inactive'
       order by r.is_primary desc, r.status, r.id limit 1)) as user_id
     from units u where u.id = any(?)`,
    [unitIds],
  );
  return new Map(rows.map((row: { id: number; user_id: number | null }) => [row.id, row.user_id]));
}

/** Locks the ledgers of many units (lockUnit of each), in id order so two batches never wait on each other in a circle. */
export async function lockUnits(trx: Knex, unitIds: number[]) {
  if (unitIds.length) await trx.raw('select id from units where id = any(?) order by id for no key update', [unitIds]);
}

/** A unit's pending charges, oldest due first, with their balances. */
export async function openCharges(trx: Knex, unitId: number): Promise<OpenCharge[]> {
  return trx('charges')
    .where({ unitId, status: 'pending' })
    .orderBy([{ column: 'dueDate' }, { column: 'id' }])
    .select('id', trx.raw('amount - paid_amount as balance'));
}

/**
 * The charges an administrator picked for a payment, checked: each pending in the unit, its
 * amount within the charge's balance, their amounts together within the payment.
 */
export function checkChosenCharges(chosen: AllocationChoice[], open: OpenCharge[], amount: number) {
  const balances = new Map(open.map((charge) => [charge.id, charge.balance]));
  const fields: Record<string, string> = {};
  chosen.forEach((choice, index) => {
    const balance = balances.get(choice.chargeId);
    if (balance === undefined) fields[`allocations.${index}.chargeId`] = messageText('billing_charge_invalid');
    else if (choice.amount !== undefined && choice.amount > balance) fields[`allocations.${index}.amount`] = messageText('billing_allocation_over_balance');
  });
  const specified = chosen.reduce((sum, choice) => sum + (choice.amount ?? 0), 0);
  if (specified > amount) fields.allocations = messageText('billing_allocations_exceed');
  if (Object.keys(fields).length) throw validationError(fields);
}

/**
 * Applies a unit's credit to its pending charges: every confirmed payment with money left,
 * oldest received first (`first`, a payment just recorded, goes first with the charges chosen
 * for it), pays the pending charges oldest due first. Afterwards a unit never has both credit
 * and a pending charge. Posts them in the journal.
 */
export async function settleUnit(trx: Knex, unitId: number) {
  const made = await allocateUnit(trx, unitId);
  if (made.length) await postAllocations(trx, made, null);
}

/**
 * settleUnit's allocations, answered unposted: a payment just confirmed (`first`) posts them
 * with its own entry once it has its receipt number (commands/payments.ts).
 */
export async function allocateUnit(trx: Knex, unitId: number, first?: { paymentId: number; chosen?: AllocationChoice[] }): Promise<MadeAllocation[]> {
  let open = await openCharges(trx, unitId);
  if (!open.length) return [];
  const credits: Array<{ id: number; left: number }> = await trx('payments')
    .where({ unitId, status: 'confirmed' })
    .whereRaw('allocated_amount < amount')
    .orderByRaw('id = ? desc, received_at, id', [first?.paymentId ?? 0])
    .select('id', trx.raw('amount - allocated_amount as left'));
  const made: Array<Allocation & { paymentId: number }> = [];
  for (const credit of credits) {
    if (!open.length) break;
    const plan = planAllocations(credit.left, open, credit.id === first?.paymentId ? first.chosen : []);
    const given = new Map(plan.allocations.map((allocation) => [allocation.chargeId, allocation.amount]));
    open = open.map((charge) => ({ ...charge, balance: charge.balance - (given.get(charge.id) ?? 0) })).filter((charge) => charge.balance > 0);
    made.push(...plan.allocations.map((allocation) => ({ ...allocation, paymentId: credit.id })));
  }
  return made.length ? trx('paymentAllocations').insert(made).returning(['id', 'paymentId', 'chargeId', 'amount']) : [];
}

/**
 * The events of a ledger change: one for the organization's administrators and one for each
 * person linked to the unit (its owner and active residents), who see it live and in their feed.
 */
export async function ledgerEvents(
  trx: Knex,
  unitId: number,
  event: { type: EventType; organizationId: number; propertyId: number; actorId: number | null; subject: { type: string; id: number }; payload: Record<string, unknown> },
): Promise<EventInput[]> {
  const people: Array<{ id: number }> = await unitPeopleIds(unitId, trx);
  return ledgerEventsFor(event, people.map(({ id }) => id));
}

/** ledgerEvents with the unit's people read beforehand (a batch reads them for all its units at once). */
export function ledgerEventsFor(event: Parameters<typeof ledgerEvents>[2], peopleIds: number[]): EventInput[] {
  return [{ ...event, audience: 'administrators' }, ...peopleIds.map((userId) => ({ ...event, audience: 'user' as const, userId }))];
}

/**
 * The filters the charges and payments lists share: property, unit, a range of days on
 * `dayColumn` (due date, day received), and `q` in the `searched` columns or the unit number.
 */
export function whereLedgerFilters(
  query: Knex.QueryBuilder,
  table: 'charges' | 'payments',
  filters: { propertyId?: number; unitId?: number; from?: string; to?: string; q?: string },
  dayColumn: string,
  searched: string[],
  trx: Knex,
) {
  if (filters.propertyId) query.where(`${table}.property_id`, filters.propertyId);
  if (filters.unitId) query.where(`${table}.unit_id`, filters.unitId);
  if (filters.from) query.where(`${table}.${dayColumn}`, '>=', filters.from);
  if (filters.to) query.where(`${table}.${dayColumn}`, '<=', filters.to);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query.where((found) => {
      for (const column of searched) found.orWhereILike(`${table}.${column}`, pattern);
      found.orWhereIn(`${table}.unit_id`, trx('units').select('id').whereILike('unit_number', pattern));
    });
  }
  return query;
}
