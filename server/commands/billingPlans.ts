import type { Knex } from 'knex';
import { nextPeriod, periodOf, planLines, splitAmount, shareWeight } from '../../shared/billing';
import { addDays, dayOf, todayThere } from '../../shared/time';
import { messageText } from '../../shared/messages';
import type { BillingPlan, BillingPlanInput, ChargeSplitInput } from '../../shared/schemas/billing';
import { db } from '../db';
import { conflict, validationError } from '../errors';
import { recordEvent } from '../events/outbox';
import type { Property, User } from '../models';
import { checkChargeFund, creditCharge, issueCharge } from './charges';
import { issueCharges } from './chargeBatch';
import { transaction } from '../db/transaction';
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
 * the unique key (unit, period) refuses a double whatever happens. `limit`: at most that many
 * units (in billing order) of those still missing theirs, so a big property is issued in short
 * transactions (issueMonthlyInBatches). Answers the charges issued now.
 */
export async function issueMonthlyCharges(trx: Knex, propertyId: number, today = todayThere(), { limit }: { limit?: number } = {}) {
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
  const missing = planLines(plan, units).filter((line) => !issued.has(line.unitId));
  return issueCharges(
    trx,
    null,
    property,
    missing.slice(0, limit ?? missing.length).map((line) => ({
      unit: { id: line.unitId, unitNumber: numbers.get(line.unitId)! },
      fields: { type: 'maintenance', amount: line.amount, reserveAmount: line.reserve, dueDate, description: cuotaDescription(period), period },
    })),
  );
}

/** Units a transaction of the worker issues at most (cuotas, late fees): its locks and the invoice counter's are held that long. */
export const BATCH_SIZE = 100;

/** A property's cuotas of the day (issueMonthlyCharges) in transactions of BATCH_SIZE units each. Answers how many were issued. */
export async function issueMonthlyInBatches(propertyId: number, today = todayThere()) {
  let issued = 0;
  for (;;) {
    const made = (await transaction((trx) => issueMonthlyCharges(trx, propertyId, today, { limit: BATCH_SIZE }))).length;
    issued += made;
    if (made < BATCH_SIZE) return issued;
  }
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
