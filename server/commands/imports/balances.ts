import type { Knex } from 'knex';
import { z } from 'zod';
import { messageText } from '../../../shared/messages';
import { MAX_BILLING_AMOUNT } from '../../../shared/schemas/billing';
import { dayField } from '../../../shared/schemas/dates';
import { UnitImportSchema } from '../../../shared/schemas/units';
import { todayThere } from '../../../shared/time';
import { closedMonths, monthOf } from '../../policies/periods';
import { fieldErrors } from '../../validation';
import { issueCharge } from '../charges';
import { recordPayment } from '../payments';
import { failed, isoDay, markDuplicates, numberText, type KindHandler, type Planned } from './rows';

/**
 * Opening balances (docs/modules/onboarding.md): one per unit, written through the ledger's own
 * commands, as any charge or payment.
 * - A positive amount (what the unit owes) is a "Saldo anterior" charge (issueCharge: billed,
 *   numbered FAC-, due on the row's date, settled from the unit's credit).
 * - A negative amount (money in the unit's favour) is a "Saldo anterior" payment (recordPayment:
 *   confirmed with its REC- receipt number, recorded by the importing administrator, received
 *   on the row's date) that pays nothing yet: the unit's credit, which pays its pending and next
 *   charges as any credit does. As for any payment, its day cannot be in the future nor in a
 *   closed month.
 * The unit's opening balance is the natural key: a unit that has one already (the charge or the
 * payment) is unchanged with the same amount, else an error: money is never edited afterwards.
 */
export const OPENING_BALANCE = 'Saldo anterior';
/** The method of an opening credit (it came from before the product: no cash box, no transfer known). */
const OPENING_CREDIT_METHOD = 'other';

/** "-50", "(50.00)" (accounting style), "RD$ -1.234,50" -> signed centavos; anything else is not a number. */
function centavos(value: unknown) {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const bracketed = /^\((.*)\)$/.exec(value.trim());
  const text = numberText(bracketed ? `-${bracketed[1]}` : value);
  return /^-?\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN;
}

const BalanceRowSchema = z.object({
  unitNumber: UnitImportSchema.shape.rows.element.shape.unitNumber,
  amount: z.preprocess(
    centavos,
    z
      .number({ error: 'integer_required' })
      .int({ error: 'integer_required' })
      .refine((amount) => amount !== 0, { error: 'import_balance_zero' })
      .refine((amount) => Math.abs(amount) <= MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' }),
  ),
  date: dayField('import_date_invalid'),
});

/** Each unit's opening balances stored, signed: a charge's amount, a credit's as negative. */
async function openingBalances(trx: Knex, propertyId: number) {
  // One after the other: a transaction's statements share its one connection.
  const charges: Array<{ unitId: number; amount: number }> = await trx('charges').where({ propertyId, description: OPENING_BALANCE, type: 'other' }).select('unitId', 'amount');
  const credits: Array<{ unitId: number; amount: number }> = await trx('payments')
    .where({ propertyId, reference: OPENING_BALANCE, method: OPENING_CREDIT_METHOD })
    .whereIn('status', ['confirmed', 'refunded'])
    .select('unitId', trx.raw('-amount as amount'));
  const byUnit = new Map<number, number[]>();
  for (const { unitId, amount } of [...charges, ...credits]) byUnit.set(unitId, [...(byUnit.get(unitId) ?? []), Number(amount)]);
  return byUnit;
}

export const balances: KindHandler = {
  async plan(trx, { property }, rows) {
    const stored: Array<{ id: number; unitNumber: string }> = await trx('units').where({ propertyId: property.id }).select('id', 'unitNumber');
    const byNumber = new Map(stored.map((unit) => [unit.unitNumber.toLowerCase(), unit]));
    const openingOf = await openingBalances(trx, property.id);
    const today = todayThere();
    const parsed = rows.map((row) => BalanceRowSchema.safeParse({ unitNumber: row.unitNumber ?? '', amount: row.amount ?? '', date: isoDay(row.date ?? '') }));
    const creditMonths = parsed.flatMap((result) => (result.success && result.data.amount < 0 ? [monthOf(result.data.date)] : []));
    const closed = new Set(await closedMonths(trx, property.id, creditMonths));
    const planned = parsed.map((result): Planned => {
      if (!result.success) return failed(fieldErrors(result.error));
      const { amount, date } = result.data;
      const unit = byNumber.get(result.data.unitNumber.toLowerCase());
      if (!unit) return failed({ unitNumber: messageText('resident_unit_unknown') });
      const existing = openingOf.get(unit.id);
      if (existing) return existing.includes(amount) ? { outcome: 'unchanged' } : failed({ amount: messageText('import_balance_exists') });
      if (amount < 0 && date > today) return failed({ date: messageText('import_credit_date_future') });
      if (amount < 0 && closed.has(monthOf(date))) return failed({ date: messageText('import_credit_month_closed') });
      return { outcome: 'create', data: { unitId: unit.id, unitNumber: unit.unitNumber, amount, date } };
    });
    markDuplicates(planned, rows.map((row) => row.unitNumber?.trim().toLowerCase() || null), 'unitNumber');
    return planned;
  },
  async write(trx, actor, { property }, planned) {
    if (planned.outcome !== 'create' || !planned.data) return;
    const { unitId, amount, date } = planned.data as { unitId: number; amount: number; date: string };
    const unit = await trx('units').where({ id: unitId }).first('id', 'unitNumber', 'propertyId');
    const placed = await trx('properties').where({ id: property.id }).first('id', 'organizationId', 'name');
    if (amount > 0) {
      await issueCharge(trx, actor.id, { unit, property: placed }, { type: 'other', amount, dueDate: date, description: OPENING_BALANCE });
    } else {
      await recordPayment(trx, actor, { unit, property: placed }, { unitId, amount: -amount, method: OPENING_CREDIT_METHOD, reference: OPENING_BALANCE, receivedAt: date });
    }
  },
};
