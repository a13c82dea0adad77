import type { Knex } from 'knex';
import { todayThere } from '../../shared/time';
import type { Property, Unit } from '../models';
import type { ChargeRow } from '../rows/billing';
import { chargeAccounts, postCharges } from '../books/post';
import { recordEvent } from '../events/outbox';
import { assertPeriodOpen } from '../policies/periods';
import { chargeCreated, chargeInsert, chargeRows, type ChargeFields } from './charges';
import { billedUserIds, ledgerEventsFor, lockUnits, nextNumbers, settleUnit } from './ledger';

/** One charge of a batch: its unit and what it is issued with. */
export type BatchCharge = { unit: Pick<Unit, 'id' | 'unitNumber'>; fields: ChargeFields };

/**
 * Issues many charges of one property at once, each exactly as issueCharge issues one (billed
 * to the unit's owner or resident, numbered, posted in the journal, paid from the unit's credit,
 * told to the administrators and the unit's people), in a few multi-row statements instead of a
 * dozen per charge: the worker's month of cuotas and day of late fees. The units are locked
 * first (in id order), everything is read, and only then are the invoice numbers taken, right
 * before the rows are written: the organization's counter, which every charge of the
 * organization waits for, stays locked for the inserts and the commit alone. Answers the
 * charges as getCharge reads them, in the order given.
 */
export async function issueCharges(trx: Knex, actorId: number | null, property: Pick<Property, 'id' | 'organizationId' | 'name'>, items: BatchCharge[]): Promise<ChargeRow[]> {
  if (!items.length) return [];
  const unitIds = [...new Set(items.map((item) => item.unit.id))];
  await lockUnits(trx, unitIds);
  await assertPeriodOpen(trx, property.id, todayThere());
  const billed = await billedUserIds(trx, unitIds);
  const { rows: people } = await trx.raw(
    `select unit_id, user_id from residents where unit_id = any(:units) and status <> 'inactive'
     union select id, owner_id from units where id = any(:units) and owner_id is not null`,
    { units: unitIds },
  );
  const peopleOf = new Map<number, number[]>();
  for (const row of people as Array<{ unit_id: number; user_id: number }>) peopleOf.set(row.unit_id, [...(peopleOf.get(row.unit_id) ?? []), row.user_id]);
  const withCredit = new Set(
    (await trx('payments').whereIn('unitId', unitIds).where({ status: 'confirmed' }).whereRaw('allocated_amount < amount').distinct('unitId')).map((row: { unitId: number }) => row.unitId),
  );

  const prepared = await chargeAccounts(trx, property.organizationId, property.id, items.map((item) => item.fields.type));

  // From here to the commit the invoice counter is held: the writes only, one statement each.
  const numbers = await nextNumbers(trx, property.organizationId, 'invoice', items.length);
  const inserted: Array<ChargeRow & { fundId: number | null }> = await trx('charges')
    .insert(
      items.map(({ unit, fields }, i) => chargeInsert(property, unit.id, billed.get(unit.id) ?? null, fields, actorId, numbers[i])),
    )
    .returning('*');
  await postCharges(trx, inserted, actorId, prepared);
  const settled = unitIds.filter((unitId) => withCredit.has(unitId));
  for (const unitId of settled) await settleUnit(trx, unitId);
  // As getCharge reads them (paid from credit: read again), in the order given.
  const reread = new Map<number, ChargeRow>(settled.length ? (await chargeRows(trx).whereIn('charges.id', inserted.map((row) => row.id))).map((charge: ChargeRow) => [charge.id, charge]) : []);
  const charges = inserted.map((row, i) => reread.get(row.id) ?? ({ ...row, unitNumber: items[i].unit.unitNumber, propertyName: property.name, overdue: false } as ChargeRow));
  const events = charges.flatMap((charge, i) => ledgerEventsFor(chargeCreated(actorId, property, charge, items[i].unit.unitNumber), peopleOf.get(charge.unitId) ?? []));
  await recordEvent(trx, ...events);
  return charges;
}
