import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, issueMonthlyCharges, plansDue } from '../../server/commands/billingPlans';
import { applyLateFees } from '../../server/commands/lateFees';
import { unitStatement } from '../../server/commands/statements';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { Property, type Unit } from '../../server/models';
import { nextPeriod, periodOf, splitAmount, shareWeight } from '../../shared/billing';
import { addDays, todayThere, zonedInstant } from '../../shared/time';
import type { LiveEvent } from '../../shared/events';
import { JOBS, planSchedulerId, propertyLateFeesJobId } from '../../shared/jobs';
import { sweepBilling } from '../../worker/jobs/billing';
import { createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Billing's worker jobs against real PostgreSQL and Redis: the monthly cuotas of a plan (once
 * per unit and period, whoever runs them), late fees (once per overdue charge and period,
 * after the grace days), the scheduler per plan, and the ledger after a waiver.
 */
const world = useLiveWorld();
const queue = world.queues.billing;

const today = todayThere();
const PLAN = { monthlyFee: 300_000, split: 'equal', issueDay: 1, dueDays: 10, reservePercent: 10, lateFee: { kind: 'percent', value: 5, graceDays: 10 } };

/** A tower of `count` units (with shares when given), its administrator signed in, a resident in the first unit. */
async function tower(count: number, shares?: number[]) {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const units: Unit[] = [];
  for (let i = 0; i < count; i++) units.push(await createUnit({ propertyId: property.id, unitNumber: `${i + 1}A`, share: shares?.[i] ?? null }));
  const { user: resident } = await createResident({ property, unit: units[0] });
  return { organization, admin, property: (await Property.query().findById(property.id))!, units, resident, cookie: await world.cookie(admin) };
}

async function putPlan(cookie: string, propertyId: number, plan: Record<string, unknown> = PLAN) {
  expect((await world.api('PUT', `/api/properties/${propertyId}/billing-plan`, cookie, plan)).status).toBe(200);
}

/** The plan's preview, as the form asks for it. */
async function previewOf(cookie: string, propertyId: number, plan: Record<string, unknown>) {
  const response = await world.api('POST', `/api/properties/${propertyId}/billing-plan/preview`, cookie, plan);
  expect(response.status).toBe(200);
  return response.body;
}

/** The plan was first saved on `day` (at noon there); `lastMonth`: before this month's issue day, whatever it is. */
const planSavedOn = (propertyId: number, day: string) => db()('billingPlans').where({ propertyId }).update({ createdAt: zonedInstant(day, 12 * 60) });

const lastMonth = addDays(periodOf(today), -20);

const monthly = (propertyId: number, period = periodOf(today)) => db()('charges').where({ propertyId, type: 'maintenance', period }).orderBy('unitId');

describe('monthly cuotas', () => {
  it('saving a plan schedules its monthly job on the issue day; a new day replaces it', async () => {
    const { property, cookie } = await tower(2);
    await putPlan(cookie, property.id, { ...PLAN, issueDay: 5 });
    const scheduler = await waitFor(() => queue.getJobScheduler(planSchedulerId(property.id)), 3000, 'el planificador del plan');
    expect(scheduler).toMatchObject({ pattern: '0 6 5 * *', tz: 'America/Santo_Domingo', name: JOBS.issueMonthly });
    await putPlan(cookie, property.id, { ...PLAN, issueDay: 20 });
    await waitFor(async () => (await queue.getJobScheduler(planSchedulerId(property.id)))?.pattern === '0 6 20 * *', 3000, 'el planificador movido');
  });

  it('issues one charge per unit and period, with its reserve line, however many times and from two transactions at once', async () => {
    const { property, units, cookie } = await tower(3);
    await putPlan(cookie, property.id);
    await planSavedOn(property.id, lastMonth);
    const issueDay = `${today.slice(0, 8)}01`;
    const [first, second] = await Promise.all([
      transaction((trx) => issueMonthlyCharges(trx, property.id, issueDay)),
      transaction((trx) => issueMonthlyCharges(trx, property.id, issueDay)),
    ]);
    expect(first.length + second.length).toBe(3);
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, issueDay))).toEqual([]);
    const charges = await monthly(property.id);
    expect(charges.map((c) => [c.unitId, c.amount, c.reserveAmount, c.dueDate])).toEqual(
      units.map((unit) => [unit.id, 330_000, 30_000, addDays(`${today.slice(0, 8)}01`, 10)]),
    );
    // The reserve fund's line is totalled on the summary.
    const summary = await world.api('GET', `/api/billing/summary?propertyId=${property.id}`, cookie);
    expect(summary.body.reserveThisYear).toBe(3 * 30_000);
    // The unique key refuses a double even without the lock.
    await expect(db()('charges').insert({ ...charges[0], id: undefined, invoiceNumber: 'FAC-DOBLE' })).rejects.toThrow(/charges_monthly_unique/);
  });

  it('does not issue before the issue day', async () => {
    const { property, cookie } = await tower(2);
    await putPlan(cookie, property.id, { ...PLAN, issueDay: 28 });
    await planSavedOn(property.id, lastMonth);
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, `${today.slice(0, 8)}27`))).toEqual([]);
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, `${today.slice(0, 8)}28`))).toHaveLength(2);
  });

  it('two workers running the month’s job at once issue each unit once, and tell the unit live', async () => {
    const { property, units, cookie, resident } = await tower(4);
    const watcher = await world.connect(resident);
    // A new sweep scheduler runs its sweep at once, and the next one is an hour away: the plan
    // is saved once that first sweep is done, so what issues here are the two jobs.
    for (let i = 0; i < 2; i++) await world.startWorker();
    await waitFor(async () => {
      const pending = await queue.getJobs(['waiting', 'active', 'prioritized', 'delayed']);
      return pending.every((job) => job.timestamp + job.delay > Date.now() + 60_000);
    }, 8000, 'el primer barrido');
    await putPlan(cookie, property.id);
    await planSavedOn(property.id, lastMonth);
    const jobs = await Promise.all([1, 2].map((n) => queue.add(JOBS.issueMonthly, { propertyId: property.id }, { jobId: `issue-${property.id}-${n}` })));
    const event = await watcher.next((e: LiveEvent) => e.type === 'charge.created' && e.payload.unitId === units[0].id, 8000);
    expect(event.payload).toMatchObject({ chargeType: 'maintenance', amount: 330_000 });
    await waitFor(async () => (await Promise.all(jobs.map((job) => job.isCompleted()))).every(Boolean), 8000, 'los dos trabajos');
    const results = await Promise.all(jobs.map(async (job) => (await queue.getJob(job.id!))!.returnvalue));
    expect(results.map((r) => r.issued).sort()).toEqual([0, 4]);
    expect(await monthly(property.id)).toHaveLength(4);
  });
});

describe('the month of a big organization', () => {
  /** `count` towers of 1.5 batches of units each (every job runs more than one transaction), and the administrator signed in. */
  async function bigOrganization(count: number) {
    const organization = await createOrganization();
    const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
    const size = Math.round(BATCH_SIZE * 1.5);
    const towers = [];
    for (let i = 0; i < count; i++) {
      const property = await createProperty({ organizationId: organization.id });
      const units: Array<{ id: number }> = await db()('units').insert(Array.from({ length: size }, (_, n) => ({ propertyId: property.id, unitNumber: String(n + 1) }))).returning('id');
      towers.push({ property, unitIds: units.map(({ id }) => id) });
    }
    return { organization, cookie: await world.cookie(admin), size, towers, properties: towers.map(({ property }) => property) };
  }

  it('two workers issuing several properties at once, in batches: one cuota per unit and invoice numbers without gaps', async () => {
    const { organization, cookie, size, properties } = await bigOrganization(3);
    for (let i = 0; i < 2; i++) await world.startWorker();
    await waitFor(async () => {
      const pending = await queue.getJobs(['waiting', 'active', 'prioritized', 'delayed']);
      return pending.every((job) => job.timestamp + job.delay > Date.now() + 60_000);
    }, 8000, 'el primer barrido');
    for (const property of properties) {
      await putPlan(cookie, property.id);
      await planSavedOn(property.id, lastMonth);
    }
    // Each property's job twice (a second delivery, another scheduler run): both workers race on every property.
    const jobs = await queue.addBulk(properties.flatMap((property) => [1, 2].map((n) => ({ name: JOBS.issueMonthly, data: { propertyId: property.id }, opts: { jobId: `issue-big-${property.id}-${n}` } }))));
    await waitFor(async () => (await Promise.all(jobs.map((job) => job.isCompleted()))).every(Boolean), 30_000, 'los trabajos');
    const issued = (await Promise.all(jobs.map(async (job) => (await queue.getJob(job.id!))!.returnvalue.issued as number))).reduce((a, b) => a + b, 0);
    expect(issued).toBe(3 * size);
    const { rows } = await db().raw(
      `select count(*)::int as cuotas, count(distinct unit_id)::int as units, count(distinct invoice_number)::int as numbers,
              min(substring(invoice_number from 10)::int) as first, max(substring(invoice_number from 10)::int) as last
       from charges where organization_id = ?`,
      [organization.id],
    );
    expect(rows[0]).toEqual({ cuotas: 3 * size, units: 3 * size, numbers: 3 * size, first: 1, last: 3 * size });
    // Each with its journal entry and its event for the administrators.
    expect(Number((await db()('journalEntries').where({ organizationId: organization.id, sourceType: 'charge' }).count({ n: '*' }))[0].n)).toBe(3 * size);
    expect(Number((await db()('events').where({ organizationId: organization.id, type: 'charge.created', audience: 'administrators' }).count({ n: '*' }))[0].n)).toBe(3 * size);
  });

  it('the day’s late fees: a job per property that the workers share, one fee per overdue charge however often the day runs', async () => {
    const { organization, cookie, size, towers, properties } = await bigOrganization(2);
    for (const { property, unitIds } of towers) {
      await putPlan(cookie, property.id, { ...PLAN, lateFee: { kind: 'flat', value: 10_000, graceDays: 0 } });
      await db()('charges').insert(unitIds.map((unitId, n) => ({
        organizationId: organization.id, propertyId: property.id, unitId, amount: 100_000, type: 'maintenance', dueDate: addDays(today, -3),
        description: 'Cuota', invoiceNumber: `FAC-D-${property.id}-${n}`, createdAt: zonedInstant(addDays(today, -13), 6 * 60),
      })));
    }
    for (let i = 0; i < 2; i++) await world.startWorker();
    const fees = () => db()('charges').where({ organizationId: organization.id, type: 'late_fee' });
    // The day's run twice (a retry, a second scheduler run) and one property's job again by hand.
    const days = await Promise.all([1, 2].map((n) => queue.add(JOBS.lateFees, { today }, { jobId: `late-fees-day-${organization.id}-${n}` })));
    await queue.add(JOBS.propertyLateFees, { propertyId: properties[0].id, today }, { jobId: `late-fees-again-${properties[0].id}` });
    await waitFor(async () => (await Promise.all(days.map((job) => job.isCompleted()))).every(Boolean), 10_000, 'la mora del día');
    expect((await queue.getJob(days[0].id!))!.returnvalue.properties).toBeGreaterThanOrEqual(2);
    const perProperty = await Promise.all(properties.map((property) => waitFor(() => queue.getJob(propertyLateFeesJobId(property.id, today)), 5000, 'el trabajo de la torre')));
    await waitFor(async () => (await Promise.all(perProperty.map((job) => job!.isCompleted()))).every(Boolean), 30_000, 'la mora de cada torre');
    await waitFor(async () => (await queue.getJobs(['waiting', 'active'])).every((job) => job.name !== JOBS.propertyLateFees), 30_000, 'el trabajo repetido');
    const made = await fees();
    expect(made).toHaveLength(2 * size);
    expect(new Set(made.map((fee: { sourceChargeId: number }) => fee.sourceChargeId)).size).toBe(2 * size);
    expect(new Set(made.map((fee: { invoiceNumber: string }) => fee.invoiceNumber)).size).toBe(2 * size);
  });
});

describe('the billing sweep', () => {
  it('issues what a lost job left unissued and restores a lost plan scheduler, once', async () => {
    const { property, cookie } = await tower(2);
    await putPlan(cookie, property.id);
    await planSavedOn(property.id, lastMonth);
    await waitFor(() => queue.getJobScheduler(planSchedulerId(property.id)), 3000, 'el planificador del plan');
    await queue.removeJobScheduler(planSchedulerId(property.id));
    const sweep = sweepBilling(queue);
    const first = await sweep();
    expect(first.issued).toBeGreaterThanOrEqual(2);
    expect(first.restored).toBeGreaterThanOrEqual(1);
    expect(await monthly(property.id)).toHaveLength(2);
    expect(await queue.getJobScheduler(planSchedulerId(property.id))).toMatchObject({ pattern: '0 6 1 * *' });
    await sweep();
    expect(await monthly(property.id)).toHaveLength(2);
  });
});

describe('when a plan starts issuing', () => {
  const plan = { ...PLAN, issueDay: 1, dueDays: 5 };

  it('a plan saved after this month’s issue day issues next month first, as its preview said: nothing born overdue, no late fee', async () => {
    const { property, units, cookie } = await tower(2);
    await putPlan(cookie, property.id, plan);
    const next = nextPeriod(periodOf(today));
    expect(await previewOf(cookie, property.id, plan)).toMatchObject({ period: next, issueDate: next, dueDate: addDays(next, 5) });
    // Neither today's job nor the sweep issue this month's cuota (it would be due on the 6th).
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, today))).toEqual([]);
    expect(await plansDue()).not.toContain(property.id);
    expect(await transaction((trx) => applyLateFees(trx, addDays(today, 30), { propertyId: property.id }))).toEqual([]);
    expect(await db()('charges').where({ propertyId: property.id })).toEqual([]);
    // The first issue is the preview's.
    const issued = await transaction((trx) => issueMonthlyCharges(trx, property.id, next));
    expect(issued.map((charge) => [charge.unitId, charge.period, charge.dueDate])).toEqual(units.map((unit) => [unit.id, next, addDays(next, 5)]));
  });

  it('issues late a period the plan existed on (a worker that was down), due its days after the day it is issued, as the preview says', async () => {
    const { property, units, cookie } = await tower(2);
    await putPlan(cookie, property.id, plan);
    await planSavedOn(property.id, lastMonth);
    expect(await previewOf(cookie, property.id, plan)).toMatchObject({ period: periodOf(today), issueDate: today, dueDate: addDays(today, 5) });
    const issued = await transaction((trx) => issueMonthlyCharges(trx, property.id, today));
    expect(issued.map((charge) => [charge.unitId, charge.period, charge.dueDate])).toEqual(units.map((unit) => [unit.id, periodOf(today), addDays(today, 5)]));
    // Issued: the preview shows the next month.
    const next = nextPeriod(periodOf(today));
    expect(await previewOf(cookie, property.id, plan)).toMatchObject({ period: next, issueDate: next, dueDate: addDays(next, 5) });
  });

  it('catches up only the periods the plan existed on at their issue day', async () => {
    const { property, cookie } = await tower(2);
    await putPlan(cookie, property.id, { ...plan, issueDay: 5 });
    const previous = periodOf(addDays(periodOf(today), -1));
    // Saved on the 10th of last month, after its issue day (the 5th): that month is never issued.
    await planSavedOn(property.id, addDays(previous, 9));
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, addDays(previous, 19)))).toEqual([]);
    // This month's, from its issue day.
    const issueDay = addDays(periodOf(today), 4);
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, issueDay))).toHaveLength(2);
    expect(await db()('charges').where({ propertyId: property.id }).distinct('period', 'dueDate')).toEqual([{ period: periodOf(today), dueDate: addDays(issueDay, 5) }]);
  });
});

describe('splits', () => {
  // Shares of 18.5, 16.25, 15.125, 14.0625, 12.3456, 11.7169 and 12 %: weights of 185,000,
  // 162,500, 151,250, 140,625, 123,456, 117,169 and 120,000 ten-thousandths of a percent, which
  // add up to exactly 1,000,000 (100 %).
  const shares = [18.5, 16.25, 15.125, 14.0625, 12.3456, 11.7169, 12];

  it('split RD$ 100,000.00 over 7 units by uneven shares: each unit its share to the centavo, adding up exactly', () => {
    // 10,000,000 centavos × weight / 1,000,000 = 10 × weight, a whole number for every unit.
    const parts = splitAmount(10_000_000, shares.map(shareWeight));
    expect(parts).toEqual([1_850_000, 1_625_000, 1_512_500, 1_406_250, 1_234_560, 1_171_690, 1_200_000]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(10_000_000);
  });

  it('split RD$ 100,000.07: the 7 centavos left over go one each to the units with the largest fractions', () => {
    // 10,000,007 × weight / 1,000,000 = 10 × weight + 7 × weight / 1,000,000. Rounded down, the
    // first three units get one of the 7 centavos (7 × 185,000, 7 × 162,500 and 7 × 151,250 are
    // over 1,000,000) and four are left; the largest fractions left (7 × weight mod 1,000,000) are
    // 984,375 (the 4th unit), 864,192 (5th), 840,000 (7th) and 820,183 (6th): one centavo each.
    // The first three units' fractions (295,000, 137,500 and 58,750) get none.
    const parts = splitAmount(10_000_007, shares.map(shareWeight));
    expect(parts).toEqual([1_850_001, 1_625_001, 1_512_501, 1_406_251, 1_234_561, 1_171_691, 1_200_001]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(10_000_007);
  });
});

describe('late fees', () => {
  it('applies the rule once per overdue charge and period, not before the grace days', async () => {
    const { property, units, cookie, organization } = await tower(2);
    await putPlan(cookie, property.id);
    const insert = async (unit: Unit, dueDate: string, amount: number) =>
      (await db()('charges').insert({ organizationId: organization.id, propertyId: property.id, unitId: unit.id, amount, type: 'maintenance', dueDate, description: 'Cuota', invoiceNumber: `FAC-T-${Math.random()}`, createdAt: zonedInstant(addDays(dueDate, -10), 6 * 60) }).returning('*'))[0];
    const inGrace = await insert(units[0], addDays(today, -10), 200_000);
    const late = await insert(units[1], addDays(today, -11), 200_000);

    const made = await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }));
    expect(made.map((fee) => [fee.unitId, fee.type, fee.amount, fee.sourceChargeId, fee.period])).toEqual([[units[1].id, 'late_fee', 10_000, late.id, periodOf(today)]]);
    expect(await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }))).toEqual([]);
    // Concurrent runs (two workers) add nothing either.
    await Promise.all([1, 2].map(() => transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }))));
    expect(await db()('charges').where({ sourceChargeId: late.id })).toHaveLength(1);
    expect(await db()('charges').where({ sourceChargeId: inGrace.id })).toHaveLength(0);

    // Next month, still unpaid: one more for that period (the first late fee itself earns none).
    const nextMonth = nextPeriod(periodOf(today));
    const later = await transaction((trx) => applyLateFees(trx, nextMonth, { propertyId: property.id }));
    expect(later.map((fee) => [fee.sourceChargeId, fee.period]).sort()).toEqual([[inGrace.id, nextMonth], [late.id, nextMonth]].sort());
  });

  it('never charges one on a charge issued after its own due date plus the grace days (the organization’s day)', async () => {
    const { property, units, cookie, organization } = await tower(1);
    await putPlan(cookie, property.id, { ...PLAN, lateFee: { kind: 'percent', value: 5, graceDays: 5 } });
    const due = addDays(today, -20);
    const insert = async (createdAt: Date) =>
      (await db()('charges').insert({ organizationId: organization.id, propertyId: property.id, unitId: units[0].id, amount: 100_000, type: 'maintenance', dueDate: due, description: 'Cuota', invoiceNumber: `FAC-G-${Math.random()}`, createdAt }).returning('*'))[0];
    const beforeDue = await insert(zonedInstant(addDays(due, -10), 9 * 60));
    // 23:30 of the last day of grace in Santo Domingo (already the next day in UTC): still in time.
    const lastGraceDay = await insert(zonedInstant(addDays(due, 5), 23 * 60 + 30));
    // 00:30 of the day after the grace (still the day before in UTC): too late to be charged one.
    const afterGrace = await insert(zonedInstant(addDays(due, 6), 30));
    // An administrator's charge by hand, today, of a debt due 20 days ago.
    const response = await world.api('POST', '/api/charges', cookie, { unitId: units[0].id, type: 'other', amount: 50_000, dueDate: due, description: 'Deuda anterior' });
    expect(response.status).toBe(201);
    const byHand = response.body;

    const made = await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }));
    expect(made.map((fee) => fee.sourceChargeId).sort()).toEqual([beforeDue.id, lastGraceDay.id].sort());
    expect(await db()('charges').whereIn('sourceChargeId', [afterGrace.id, byHand.id])).toEqual([]);
  });

  it('a waived late fee leaves the ledger balanced', async () => {
    const { property, units, cookie, organization } = await tower(1);
    await putPlan(cookie, property.id, { ...PLAN, lateFee: { kind: 'flat', value: 25_000, graceDays: 0 } });
    const [overdue] = await db()('charges')
      .insert({ organizationId: organization.id, propertyId: property.id, unitId: units[0].id, amount: 100_000, type: 'maintenance', dueDate: addDays(today, -3), description: 'Cuota', invoiceNumber: `FAC-W-${Math.random()}`, createdAt: zonedInstant(addDays(today, -13), 6 * 60) })
      .returning('*');
    const [fee] = await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }));
    expect(fee.amount).toBe(25_000);
    expect((await world.api('POST', `/api/charges/${fee.id}/waive`, cookie, { reason: 'Acuerdo de pago' })).status).toBe(200);

    const charges = await db()('charges').where({ unitId: units[0].id });
    const credits = await db()('chargeCreditNotes').whereIn('chargeId', charges.map((c) => c.id));
    const billed = charges.reduce((sum, c) => sum + c.amount, 0);
    const outstanding = charges.filter((c) => c.status === 'pending').reduce((sum, c) => sum + c.amount - c.paidAmount, 0);
    expect(billed - credits.reduce((sum, c) => sum + c.amount, 0)).toBe(outstanding);
    expect(outstanding).toBe(overdue.amount);
    const statement = await unitStatement(db(), { unit: units[0], property }, {});
    expect(statement.closingBalance).toBe(outstanding);
    // A waived fee is not charged again by the next run of the same period.
    expect(await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }))).toEqual([]);
  });
});
