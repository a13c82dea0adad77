import type { Knex } from 'knex';
import { percentOf, periodOf } from '../../shared/billing';
import { TIME_ZONE, addDays, todayThere } from '../../shared/time';
import type { BillingPlan } from '../../shared/schemas/billing';
import { underKeptAgreementSql } from '../db/charges';
import { transaction } from '../db/transaction';
import { whereMonthOpen } from '../policies/periods';
import { BATCH_SIZE, presentPlan } from './billingPlans';
import { issueCharges } from './chargeBatch';
import { reviewAgreements } from './collections/agreements';
import { lockUnits } from './ledger';
import { monthText } from './rowTexts';

/**
 * Billing's late fees (docs/modules/billing.md, "Recurring fees and extraordinary charges"):
 * the day's run over every plan with a rule, in batches of BATCH_SIZE overdue charges.
 */

/** The late fee of an overdue balance under a plan's rule (0 for none). */
export function lateFeeAmount(plan: Pick<BillingPlan, 'lateFee'>, balance: number) {
  if (plan.lateFee.kind === 'flat') return plan.lateFee.value;
  if (plan.lateFee.kind === 'percent') return percentOf(balance, plan.lateFee.value);
  return 0;
}

/**
 * The day's late fees: for every plan with a rule, each pending charge (not itself a late fee)
 * past its due date plus the grace days gets one `late_fee` charge per period (the month of
 * `today`), linked to it and due today; not a charge under a kept payment agreement (the
 * agreements are reviewed first: a missed instalment resumes the fees); not a charge issued after its due date plus the grace
 * (a debt an administrator charged late never had that time to be paid). Idempotent: the unique key (charge, period) and the
 * check under the unit's lock make a second run, or a second worker, add nothing.
 */
export async function applyLateFees(trx: Knex, today = todayThere(), options: { propertyId?: number } = {}) {
  // First the agreements' state of the day: one with an instalment missed no longer pauses its charges' fees.
  await reviewAgreements(trx, today);
  const made = [];
  for (const propertyId of await lateFeePlans(trx, today, options)) made.push(...(await planLateFees(propertyId, today, (work) => work(trx))));
  return made;
}

/** The properties whose plan has a late fee rule and whose month of `today` is open (a closed month gets no late fees). */
export async function lateFeePlans(trx: Knex, today: string, options: { propertyId?: number } = {}): Promise<number[]> {
  const plans = whereMonthOpen(trx('billingPlans'), trx, 'billing_plans.property_id', today).whereNot('lateFeeKind', 'none');
  if (options.propertyId) plans.where({ propertyId: options.propertyId });
  return (await plans.orderBy('propertyId').select('propertyId')).map((row: { propertyId: number }) => row.propertyId);
}

/**
 * The day's late fees of one plan (applyLateFees) for at most BATCH_SIZE of its overdue charges,
 * those after charge `after` in id order. Answers the fees made and the last charge looked at
 * (null when none was left: the plan is done).
 */
export async function applyPlanLateFees(trx: Knex, propertyId: number, today: string, after = 0) {
  const period = periodOf(today);
  const planRow = await whereMonthOpen(trx('billingPlans'), trx, 'billing_plans.property_id', today).where({ propertyId }).whereNot('lateFeeKind', 'none').first();
  if (!planRow) return { made: [], last: null };
  const plan = presentPlan(planRow);
  // `ids`: only those charges, named to the fees' lookup too, so that it reads their fees by
  // the index whatever the statistics say (the month's first run, thousands of fees newer than them).
  const overdue = (ids?: number[]): Knex.QueryBuilder => {
    const fees = trx('charges as f').whereRaw('f.source_charge_id = charges.id').where({ 'f.type': 'late_fee', 'f.period': period });
    const query = trx('charges')
      .where({ 'charges.propertyId': plan.propertyId, 'charges.status': 'pending' })
      .whereNot('charges.type', 'late_fee')
      .where('charges.dueDate', '<', addDays(today, -plan.lateFee.graceDays))
      // Never on a charge issued (its day in the organization's zone) after its due date plus the grace.
      .whereRaw('(charges.created_at at time zone ?)::date <= charges.due_date + ?::int', [TIME_ZONE, plan.lateFee.graceDays])
      .whereNotExists(ids ? fees.whereIn('f.source_charge_id', ids) : fees)
      // Paused while a payment agreement covering the charge is kept (collections/agreements).
      .whereRaw(`not ${underKeptAgreementSql('charges.id')}`);
    return ids ? query.whereIn('charges.id', ids) : query;
  };
  const found: Array<{ id: number; unitId: number }> = await overdue().where('charges.id', '>', after).orderBy('charges.id').limit(BATCH_SIZE).select('charges.id', 'charges.unitId');
  if (!found.length) return { made: [], last: null };
  await lockUnits(trx, found.map((charge) => charge.unitId));
  // Under the units' locks: paid meanwhile, or fee added by another worker.
  const still: Array<{ id: number; unitId: number; unitNumber: string; invoiceNumber: string; balance: number }> = await overdue(found.map((charge) => charge.id))
    .join('units', 'units.id', 'charges.unit_id')
    .orderBy('charges.id')
    .select('charges.id', 'charges.unitId', 'units.unitNumber', 'charges.invoiceNumber', trx.raw('charges.amount - charges.paid_amount as balance'));
  const property = await trx('properties').where({ id: plan.propertyId }).first('id', 'organizationId', 'name');
  const fees = still
    .map((charge) => ({ charge, amount: lateFeeAmount(plan, Number(charge.balance)) }))
    .filter(({ amount }) => amount > 0)
    .map(({ charge, amount }) => ({
      unit: { id: charge.unitId, unitNumber: charge.unitNumber },
      fields: { type: 'late_fee' as const, amount, dueDate: today, description: `Mora ${monthText(period)} de ${charge.invoiceNumber}`, period, sourceChargeId: charge.id },
    }));
  return { made: await issueCharges(trx, null, property, fees), last: found.length < BATCH_SIZE ? null : found[found.length - 1].id };
}

/**
 * One plan's late fees of the day, BATCH_SIZE overdue charges at a time (applyPlanLateFees),
 * each batch run by `run`: in the caller's transaction, or in one of its own (the worker's short
 * transactions). Answers the fees made.
 */
export async function planLateFees(propertyId: number, today: string, run: (work: (trx: Knex) => Promise<PlanBatch>) => Promise<PlanBatch> = transaction) {
  const made: PlanBatch['made'] = [];
  for (let after = 0; ; ) {
    const batch = await run((trx) => applyPlanLateFees(trx, propertyId, today, after));
    made.push(...batch.made);
    if (batch.last === null) return made;
    after = batch.last;
  }
}
type PlanBatch = Awaited<ReturnType<typeof applyPlanLateFees>>;
