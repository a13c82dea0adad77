import type { Knex } from 'knex';
import { nextPeriod, percentOf, periodOf, planLines, splitAmount, shareWeight } from '../../shared/billing';
import { TIME_ZONE, addDays, dayOf, todayThere } from '../../shared/time';
import { messageText } from '../../shared/messages';
import type { BillingPlan, BillingPlanInput, ChargeSplitInput } from '../../shared/schemas/billing';
import { db } from '../db';
import { conflict, validationError } from '../errors';
import { recordEvent } from '../events/outbox';
import type { Property, User } from '../models';
import { checkChargeFund, creditCharge, issueCharge } from './charges';
import { lockUnit } from './ledger';
import { reviewAgreements } from './collections/agreements';
import { underKeptAgreementSql } from '../db/charges';
import { monthText } from './rowTexts';
import { isClosed, whereMonthOpen } from '../policies/periods';

/**
 * Billing, part 2 (docs/modules/billing.md, "Recurring fees and extraordinary charges"): the
 * property's billing plan, the month's cuotas the worker issues from it, extraordinary charges
 * split across the units, late fees and their waiver. Rounding never loses a centavo and is
 * fair: a split is shared.splitAmount's largest remainder over the units in billing order, so
 * the parts add up to the total exactly and units of the same weight differ by one centavo at most.
 */

type PlanRow = {
  propertyId: number;
  organizationId: number;
  monthlyFee: number;
  split: 'equal' | 'share';
  issueDay: number;
  dueDays: number;
  reservePercent: number;
  lateFeeKind: 'none' | 'flat' | 'percent';
  lateFeeValue: number;
  graceDays: number;
  createdAt: Date;
  updatedAt: Date | null;
};

export function presentPlan(row: PlanRow): BillingPlan {
  return {
    propertyId: row.propertyId,
    monthlyFee: row.monthlyFee,
    split: row.split,
    issueDay: row.issueDay,
    dueDays: row.dueDays,
    reservePercent: Number(row.reservePercent),
    lateFee: { kind: row.lateFeeKind, value: Number(row.lateFeeValue), graceDays: row.graceDays },
    updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
  };
}

export async function getPlan(trx: Knex, propertyId: number): Promise<BillingPlan | null> {
  const row = await trx('billingPlans').where({ propertyId }).first();
  return row ? presentPlan(row) : null;
}

/** A property's units in billing order ('2' before '10'): the order a split's ties are broken in. */
export function billingOrderUnits(trx: Knex, propertyId: number): Promise<Array<{ id: number; unitNumber: string; share: number | null }>> {
  return trx('units').where({ propertyId }).orderByRaw('length(unit_number), unit_number, id').select('id', 'unitNumber', 'share');
}

/** Refuses a split by share when no unit has one (nothing to split by), and a property without units. */
function checkSplittable(units: Array<{ share: number | null }>, split: 'equal' | 'share', field: string) {
  if (!units.length) throw validationError({ [field]: messageText('billing_plan_no_units') });
  if (split === 'share' && !units.some((unit) => shareWeight(unit.share) > 0)) throw validationError({ [field]: messageText('billing_plan_no_shares') });
}

/** Creates or replaces a property's billing plan (administrators). */
export async function savePlan(trx: Knex, actor: User, property: Property, input: BillingPlanInput) {
  checkSplittable(await billingOrderUnits(trx, property.id), input.split, 'split');
  const row = {
    propertyId: property.id,
    organizationId: property.organizationId,
    monthlyFee: input.monthlyFee,
    split: input.split,
    issueDay: input.issueDay,
    dueDays: input.dueDays,
    reservePercent: input.reservePercent,
    lateFeeKind: input.lateFee.kind,
    lateFeeValue: input.lateFee.value,
    graceDays: input.lateFee.graceDays,
    updatedById: actor.id,
    updatedAt: trx.fn.now(),
  };
  await trx('billingPlans').insert(row).onConflict('propertyId').merge();
  const plan = (await getPlan(trx, property.id))!;
  await recordEvent(trx, {
    type: 'billing_plan.updated',
    organizationId: property.organizationId,
    audience: 'administrators',
    propertyId: property.id,
    actorId: actor.id,
    subject: { type: 'property', id: property.id },
    payload: { propertyId: property.id, propertyName: property.name, title: property.name, plan },
  });
  return plan;
}

/** The day a period's cuotas are issued under a plan (its issue day of that month). */
const issueDateOf = (plan: Pick<BillingPlan, 'issueDay'>, period: string) => `${period.slice(0, 8)}${String(plan.issueDay).padStart(2, '0')}`;

/** The first period a plan saved on `day` issues: that month until its issue day, then the next. */
export function nextIssuePeriod(issueDay: number, day = todayThere()) {
  return Number(day.slice(8, 10)) < issueDay ? periodOf(day) : nextPeriod(periodOf(day));
}

/**
 * When a plan issues (one rule for the worker and the preview), on `today`: the period it
 * issues next, the day and the due date. A period is issued only if the plan existed on its
 * issue day (`since`: the day the plan was first saved), so the first one is what the preview
 * showed when it was saved. The period of today, not yet issued, is issued from its issue day
 * on; later than that day (a worker that was down, a unit added since), it is issued today.
 * A cuota is due `dueDays` after the day it is issued, so none is born overdue.
 */
export function nextIssue(plan: Pick<BillingPlan, 'issueDay' | 'dueDays'>, { since, today, issued }: { since: string; today: string; issued: boolean }) {
  const current = periodOf(today);
  const first = nextIssuePeriod(plan.issueDay, since);
  const period = first > current ? first : issued ? nextPeriod(current) : current;
  const scheduled = issueDateOf(plan, period);
  const issueDate = scheduled < today ? today : scheduled;
  return { period, issueDate, dueDate: addDays(issueDate, plan.dueDays) };
}

/** The day a saved plan was first saved, in the organization's zone (today for a plan not saved yet). */
const savedSince = (row: { createdAt: Date } | undefined, today: string) => (row ? dayOf(new Date(row.createdAt)) : today);

/**
 * What a plan (the saved one, or the one being edited) issues next (nextIssue: for a property
 * without a plan, from the day it is saved): each unit's base, reserve and amount, the totals,
 * and the sum of the shares (the form warns when it is not 100).
 */
export async function previewPlan(trx: Knex, property: Property, plan: Pick<BillingPlan, 'monthlyFee' | 'split' | 'reservePercent' | 'issueDay' | 'dueDays'>, today = todayThere()) {
  const units = await billingOrderUnits(trx, property.id);
  const lines = planLines(plan, units);
  const numbers = new Map(units.map((unit) => [unit.id, unit]));
  const saved = await trx('billingPlans').where({ propertyId: property.id }).first('createdAt');
  const issued = await trx('charges').where({ propertyId: property.id, type: 'maintenance', period: periodOf(today) }).first('id');
  const { period, issueDate, dueDate } = nextIssue(plan, { since: savedSince(saved, today), today, issued: Boolean(issued) });
  return {
    period,
    issueDate,
    dueDate,
    sharesTotal: Math.round(units.reduce((sum, unit) => sum + shareWeight(unit.share), 0)) / 10_000,
    unitsWithoutShare: units.filter((unit) => !shareWeight(unit.share)).length,
    lines: lines.map((line) => ({ ...line, unitNumber: numbers.get(line.unitId)!.unitNumber, share: numbers.get(line.unitId)!.share })),
    totals: lines.reduce((t, line) => ({ base: t.base + line.base, reserve: t.reserve + line.reserve, amount: t.amount + line.amount }), { base: 0, reserve: 0, amount: 0 }),
  };
}

export const cuotaDescription = (period: string) => `Cuota de mantenimiento ${monthText(period)}`;

/** Whether a plan issues the period of `today` on that day (nextIssue), and with which dates. */
function issuesToday(planRow: PlanRow, today: string) {
  const next = nextIssue(presentPlan(planRow), { since: savedSince(planRow, today), today, issued: false });
  return next.issueDate === today ? next : null;
}

/**
 * Issues a property's monthly cuotas of the period of `today` when the plan issues it that day
 * (nextIssue: its issue day has come and the plan existed on it): one `maintenance` charge per
 * unit and period, due the plan's days after today. The plan's row is locked for the
 * transaction, so two workers issue one after the other and the second finds the charges made;
 * the unique key (unit, period) refuses a double whatever happens. Answers the charges issued now.
 */
export async function issueMonthlyCharges(trx: Knex, propertyId: number, today = todayThere()) {
  const planRow = await trx('billingPlans').where({ propertyId }).forUpdate().first();
  const due = planRow && issuesToday(planRow, today);
  // A closed month gets no cuotas: not issued (nor retried by the sweep) while it stays closed.
  if (!due || (await isClosed(trx, propertyId, today))) return [];
  const plan = presentPlan(planRow);
  const { period, dueDate } = due;
  const property = await trx('properties').where({ id: propertyId }).first('id', 'organizationId', 'name');
  const units = await billingOrderUnits(trx, propertyId);
  // Not pluck: the column mappers rename its key.
  const issued = new Set((await trx('charges').where({ propertyId, type: 'maintenance', period }).select('unitId')).map((row: { unitId: number }) => row.unitId));
  const numbers = new Map(units.map((unit) => [unit.id, unit.unitNumber]));
  const made = [];
  for (const line of planLines(plan, units)) {
    if (issued.has(line.unitId)) continue;
    made.push(
      await issueCharge(trx, null, { unit: { id: line.unitId, unitNumber: numbers.get(line.unitId)! }, property }, {
        type: 'maintenance',
        amount: line.amount,
        reserveAmount: line.reserve,
        dueDate,
        description: cuotaDescription(period),
        period,
      }),
    );
  }
  return made;
}

/** Properties whose plan issues this month's cuotas today (issuesToday) and that miss some (the sweep). */
export async function plansDue(trx: Knex = db(), today = todayThere()): Promise<number[]> {
  const rows: PlanRow[] = await whereMonthOpen(trx('billingPlans as p'), trx, 'p.property_id', today)
    .where('p.issueDay', '<=', Number(today.slice(8, 10)))
    .whereExists(
      trx('units as u')
        .whereRaw('u.property_id = p.property_id')
        .whereNotExists(trx('charges as c').whereRaw('c.unit_id = u.id').where({ 'c.type': 'maintenance', 'c.period': periodOf(today) })),
    )
    .orderBy('p.propertyId')
    .select('p.*');
  return rows.filter((row) => issuesToday(row, today)).map((row) => row.propertyId);
}

/**
 * An extraordinary charge (or another type) split across the property's units, equal or by
 * share, in one transaction: the parts add up to the total exactly (splitAmount).
 */
export async function splitCharges(trx: Knex, actor: User, property: Property, input: ChargeSplitInput) {
  const units = await billingOrderUnits(trx, property.id);
  checkSplittable(units, input.split, 'split');
  await checkChargeFund(trx, property.id, input.fundId);
  const parts = input.split === 'equal' ? splitAmount(input.total, units.map(() => 1)) : splitAmount(input.total, units.map((unit) => shareWeight(unit.share)));
  const charges = [];
  for (const [index, unit] of units.entries()) {
    if (parts[index] <= 0) continue;
    charges.push(await issueCharge(trx, actor.id, { unit, property }, { type: input.type, amount: parts[index], dueDate: input.dueDate, description: input.description, fundId: input.fundId }));
  }
  return charges;
}

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
  const period = periodOf(today);
  // First the agreements' state of the day: one with an instalment missed no longer pauses its charges' fees.
  await reviewAgreements(trx, today);
  // A closed month gets no late fees (its day's run adds none while it stays closed).
  const plans = whereMonthOpen(trx('billingPlans'), trx, 'billing_plans.property_id', today).whereNot('lateFeeKind', 'none');
  if (options.propertyId) plans.where({ propertyId: options.propertyId });
  const made = [];
  for (const planRow of await plans) {
    const plan = presentPlan(planRow);
    const overdue: Array<{ id: number; unitId: number; unitNumber: string; invoiceNumber: string; balance: number }> = await trx('charges')
      .join('units', 'units.id', 'charges.unit_id')
      .where({ 'charges.propertyId': plan.propertyId, 'charges.status': 'pending' })
      .whereNot('charges.type', 'late_fee')
      .where('charges.dueDate', '<', addDays(today, -plan.lateFee.graceDays))
      // Never on a charge issued (its day in the organization's zone) after its due date plus the grace.
      .whereRaw('(charges.created_at at time zone ?)::date <= charges.due_date + ?::int', [TIME_ZONE, plan.lateFee.graceDays])
      .whereNotExists(trx('charges as f').whereRaw('f.source_charge_id = charges.id').where({ 'f.type': 'late_fee', 'f.period': period }))
      // Paused while a payment agreement covering the charge is kept (collections/agreements).
      .whereRaw(`not ${underKeptAgreementSql('charges.id')}`)
      .orderBy('charges.id')
      .select('charges.id', 'charges.unitId', 'units.unitNumber', 'charges.invoiceNumber', trx.raw('charges.amount - charges.paid_amount as balance'));
    if (!overdue.length) continue;
    const property = await trx('properties').where({ id: plan.propertyId }).first('id', 'organizationId', 'name');
    for (const charge of overdue) {
      await lockUnit(trx, charge.unitId);
      // Under the unit's lock: paid meanwhile, or fee added by another worker.
      const still = await trx('charges').where({ id: charge.id, status: 'pending' }).first(trx.raw('amount - paid_amount as balance'));
      const exists = await trx('charges').where({ sourceChargeId: charge.id, type: 'late_fee', period }).first('id');
      if (!still || exists) continue;
      const amount = lateFeeAmount(plan, Number(still.balance));
      if (amount <= 0) continue;
      made.push(
        await issueCharge(trx, null, { unit: { id: charge.unitId, unitNumber: charge.unitNumber }, property }, {
          type: 'late_fee',
          amount,
          dueDate: today,
          description: `Mora ${monthText(period)} de ${charge.invoiceNumber}`,
          period,
          sourceChargeId: charge.id,
        }),
      );
    }
  }
  return made;
}

/**
 * An administrator waives a pending late fee: a credit note with the reason forgives what is
 * left of it (the charge is settled, the ledger stays balanced), and the unit's people are told.
 */
export async function waiveCharge(trx: Knex, actor: User, chargeId: number, reason: string) {
  const refuse = () => conflict(messageText('billing_not_waivable'), 'not_waivable');
  const waived = await creditCharge(trx, actor, chargeId, reason, {
    event: 'charge.waived',
    allowed: (charge) => {
      if (charge.type !== 'late_fee' || charge.status !== 'pending') throw refuse();
    },
  });
  if (!waived) throw refuse();
  return { chargeId, amount: waived.amount, reason };
}
