import type { Knex } from 'knex';
import { todayThere } from '../../shared/time';
import type { ChargeCreateInput, ChargeListQuery } from '../../shared/schemas/billing';
import { db } from '../db';
import { recordEvent } from '../events/outbox';
import type { ChargeType } from '../../shared/enums';
import type { Property, Unit, User } from '../models';
import { isAdministrator } from '../../shared/permissions';
import { whereLedgerReadable } from '../policies/billing';
import { reachableOrganizationIds } from '../policies/tenancy';
import type { ChargeRow } from '../rows/billing';
import type { PlacedUnit } from '../rows/properties';
import { billedUserId, ledgerEvents, lockUnit, nextNumber, settleUnit, whereLedgerFilters } from './ledger';
import { rememberedPage } from '../services/listTotals';
import { pastDue, pastDueSql } from '../db/charges';
import { postCharge, postCreditNote } from '../books/post';
import { notFound } from '../errors';
import { messageText } from '../../shared/messages';
import { assertChargeOpen, assertPeriodOpen } from '../policies/periods';

/** Charges with what their presenter shows: unit number, property name, who is billed, overdue. */
export function chargeRows(trx: Knex = db()) {
  return trx('charges')
    .join('units', 'units.id', 'charges.unit_id')
    .join('properties', 'properties.id', 'charges.property_id')
    .leftJoin('users', 'users.id', 'charges.user_id')
    .select(
      'charges.*',
      'units.unit_number',
      'properties.name as property_name',
      'users.name as user_name',
      'users.last_name as user_last_name',
      trx.raw(`${pastDueSql()} as overdue`, [todayThere()]),
    );
}

/**
 * The charges the user reads, filtered (no order, no page), on `base` (the bare table to count
 * them, chargeRows to list them); `organizationIds`: an administrator's, as values.
 */
export function readableCharges(
  user: User,
  filters: Omit<ChargeListQuery, 'limit' | 'offset'>,
  trx: Knex = db(),
  { base = trx('charges'), organizationIds }: { base?: Knex.QueryBuilder; organizationIds?: number[] | null } = {},
) {
  const query = whereLedgerFilters(whereLedgerReadable(base, 'charges', user, trx, organizationIds), 'charges', filters, 'due_date', ['invoice_number', 'description'], trx);
  if (filters.userId) query.where('charges.user_id', filters.userId);
  if (filters.type) query.where('charges.type', filters.type);
  if (filters.status === 'overdue') query.where(pastDue(todayThere()));
  else if (filters.status) query.where('charges.status', filters.status);
  return query;
}

/** One page of charges, latest due first, and the total for `X-Total-Count`. */
export async function listCharges(user: User, filters: ChargeListQuery, trx: Knex = db()): Promise<{ rows: ChargeRow[]; total: number }> {
  const organizationIds = isAdministrator(user) ? await reachableOrganizationIds(user, trx) : undefined;
  const page = readableCharges(user, filters, trx, { base: chargeRows(trx), organizationIds })
    .orderBy([{ column: 'charges.due_date', order: 'desc' }, { column: 'charges.id', order: 'desc' }])
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage<ChargeRow>(user, { page, filtered: () => readableCharges(user, filters, trx, { organizationIds }) }, trx);
}

export const getCharge = async (trx: Knex, id: number): Promise<ChargeRow> => chargeRows(trx).where('charges.id', id).first();

/** What a charge is issued with besides its unit; `period`, `reserveAmount` and `sourceChargeId` for plan cuotas and late fees. */
export type ChargeFields = {
  type: ChargeType;
  amount: number;
  dueDate: string;
  description: string;
  period?: string | null;
  reserveAmount?: number;
  sourceChargeId?: number | null;
  /** The fund its money goes to (an extraordinary charge's choice); the operating fund when not given. */
  fundId?: number | null;
};

/** The row of a charge issued to a unit, numbered and billed to `userId` (issueCharge, issueCharges). */
export const chargeInsert = (property: Pick<Property, 'id' | 'organizationId'>, unitId: number, userId: number | null, fields: ChargeFields, actorId: number | null, invoiceNumber: string) => ({
  organizationId: property.organizationId,
  propertyId: property.id,
  unitId,
  userId,
  type: fields.type,
  amount: fields.amount,
  dueDate: fields.dueDate,
  description: fields.description,
  period: fields.period ?? null,
  reserveAmount: fields.reserveAmount ?? 0,
  sourceChargeId: fields.sourceChargeId ?? null,
  fundId: fields.fundId ?? null,
  createdById: actorId,
  invoiceNumber,
});

/**
 * Issues a charge to a unit: billed to its owner (else its primary or any active resident),
 * numbered `FAC-YYYY-NNNNNN`, and paid at once from the unit's credit if it has any. Its
 * administrators and people are told (`charge.created`). `actorId` is null for the worker.
 */
export async function issueCharge(trx: Knex, actorId: number | null, { unit, property }: { unit: Pick<Unit, 'id' | 'unitNumber'>; property: Pick<Property, 'id' | 'organizationId' | 'name'> }, fields: ChargeFields) {
  await lockUnit(trx, unit.id);
  await assertPeriodOpen(trx, property.id, todayThere());
  const userId = await billedUserId(trx, unit.id);
  const [{ id }] = await trx('charges')
    .insert(chargeInsert(property, unit.id, userId, fields, actorId, await nextNumber(trx, property.organizationId, 'invoice')))
    .returning('id');
  await postCharge(trx, id, actorId);
  await settleUnit(trx, unit.id);
  const charge = await getCharge(trx, id);
  await recordEvent(trx, ...(await ledgerEvents(trx, unit.id, chargeCreated(actorId, property, charge, unit.unitNumber))));
  return charge;
}

/** The `charge.created` event of a charge just issued, before its audience (ledgerEvents). */
export const chargeCreated = (
  actorId: number | null,
  property: Pick<Property, 'id' | 'organizationId' | 'name'>,
  charge: Pick<ChargeRow, 'id' | 'unitId' | 'invoiceNumber' | 'description' | 'amount' | 'type' | 'dueDate'>,
  unitNumber: string,
) => ({
  type: 'charge.created' as const,
  organizationId: property.organizationId,
  propertyId: property.id,
  actorId,
  subject: { type: 'charge', id: charge.id },
  payload: {
    id: charge.id,
    unitId: charge.unitId,
    unitNumber,
    propertyName: property.name,
    invoiceNumber: charge.invoiceNumber,
    title: charge.description,
    amount: charge.amount,
    chargeType: charge.type,
    dueDate: charge.dueDate,
  },
});

/** An administrator's charge to one unit (`POST /api/charges`). */
export async function createCharge(trx: Knex, actor: User, placed: PlacedUnit, input: ChargeCreateInput) {
  await checkChargeFund(trx, placed.property.id, input.fundId);
  return issueCharge(trx, actor.id, placed, input);
}

/** The fund an extraordinary charge is issued for: one of its property's (404 otherwise). */
export async function checkChargeFund(trx: Knex, propertyId: number, fundId: number | null | undefined) {
  if (fundId && !(await trx('funds').where({ id: fundId, propertyId }).first('id'))) throw notFound(messageText('finances_fund_not_found'));
}

/** The charge a credit note is asked for, read under the unit's lock. */
export type CreditedCharge = { id: number; organizationId: number; propertyId: number; unitId: number; type: ChargeType; status: string; amount: number; paidAmount: number; invoiceNumber: string; description: string };

/**
 * A credit note (billing.md: a correction is a reversal that points to the original): forgives
 * what is left of a pending charge, with its reason. Like an allocation it adds to the charge's
 * paid amount, so the charge is settled and the ledger stays balanced; the statement shows it
 * as a `credit_note` line. What payments already paid of the charge stays paid: allocations are
 * never undone (only refunding the payment gives money back), so a paid part cannot become
 * credit. The unit is locked first; `allowed` may refuse the charge (it throws). Answers the
 * credit note, or null when nothing is left to forgive. The unit's people and administrators
 * are told (`event`: `charge.waived` for a late fee, `charge.credited` otherwise).
 */
export async function creditCharge(
  trx: Knex,
  actor: User,
  chargeId: number,
  reason: string,
  options: { event: 'charge.waived' | 'charge.credited'; allowed?: (charge: CreditedCharge) => void },
) {
  const found = await trx('charges').where({ id: chargeId }).first('unitId');
  if (!found) return null;
  await lockUnit(trx, found.unitId);
  await assertChargeOpen(trx, chargeId);
  const charge: CreditedCharge = await trx('charges').where({ id: chargeId }).first();
  options.allowed?.(charge);
  const amount = charge.amount - charge.paidAmount;
  if (charge.status !== 'pending' || amount <= 0) return null;
  const [note] = await trx('chargeCreditNotes').insert({ organizationId: charge.organizationId, chargeId, amount, reason, createdById: actor.id }).returning('id');
  await postCreditNote(trx, note.id, actor.id);
  const unit = await trx('units').where({ id: charge.unitId }).first('unitNumber');
  const property = await trx('properties').where({ id: charge.propertyId }).first('name');
  await recordEvent(
    trx,
    ...(await ledgerEvents(trx, charge.unitId, {
      type: options.event,
      organizationId: charge.organizationId,
      propertyId: charge.propertyId,
      actorId: actor.id,
      subject: { type: 'charge', id: chargeId },
      payload: { id: chargeId, unitId: charge.unitId, unitNumber: unit.unitNumber, propertyName: property.name, invoiceNumber: charge.invoiceNumber, title: charge.description, amount, paid: charge.paidAmount, reason },
    })),
  );
  return { chargeId, amount, paid: charge.paidAmount, reason };
}
