import { describe, expect, it } from 'vitest';
import { applyLateFees } from '../../server/commands/lateFees';
import { reviewAgreements } from '../../server/commands/collections/agreements';
import { dueChargeReminders } from '../../server/commands/collections/reminders';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { Property, type Unit } from '../../server/models';
import { periodOf } from '../../shared/billing';
import { addDays, todayThere, zonedInstant } from '../../shared/time';
import { sweepBilling } from '../../worker/jobs/billing';
import { createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { useLiveWorld } from '../support/live-world';

/**
 * Payment agreements and the worker (docs/modules/collections.md), against real PostgreSQL
 * and Redis: late fees stop on the charges an agreement covers while it is kept, and resume
 * once an instalment is missed; the decision is taken once, whoever runs it and how often;
 * reminders skip the covered charges.
 */
const world = useLiveWorld();
const today = todayThere();
const PLAN = { monthlyFee: 300_000, split: 'equal', issueDay: 1, dueDays: 10, reservePercent: 10, lateFee: { kind: 'flat', value: 50_000, graceDays: 0 } };

async function tower() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '2A' });
  const other = await createUnit({ propertyId: property.id, unitNumber: '3A' });
  await createResident({ property, unit });
  const cookie = await world.cookie(admin);
  expect((await world.api('PUT', `/api/properties/${property.id}/billing-plan`, cookie, PLAN)).status).toBe(200);
  return { organization, admin, property: (await Property.query().findById(property.id))!, unit, other, cookie };
}

/** A charge due `dueDate`, issued ten days before it (late fees are for charges issued in time). */
async function owed(t: Awaited<ReturnType<typeof tower>>, unit: Unit, dueDate: string, amount: number) {
  const [row] = await db()('charges')
    .insert({ organizationId: t.organization.id, propertyId: t.property.id, unitId: unit.id, amount, type: 'maintenance', dueDate, description: 'Cuota', invoiceNumber: `FAC-A-${Math.random()}`, createdAt: zonedInstant(addDays(dueDate, -10), 6 * 60) })
    .returning('*');
  return row;
}

const lateFeesOf = (chargeIds: number[]) => db()('charges').whereIn('sourceChargeId', chargeIds).where('type', 'late_fee').orderBy('id').select('sourceChargeId', 'period', 'amount');
const fees = (t: Awaited<ReturnType<typeof tower>>, day: string) => transaction((trx) => applyLateFees(trx, day, { propertyId: t.property.id }));
const statusOf = async (id: number) => (await db()('paymentAgreements').where({ id }).first('status')).status;

describe('late fees under a payment agreement', () => {
  it('stop while it is kept and resume when an instalment is missed, decided once under reruns', async () => {
    const t = await tower();
    const first = await owed(t, t.unit, addDays(today, -20), 300_000);
    const second = await owed(t, t.unit, addDays(today, -2), 300_000);
    const outside = await owed(t, t.other, addDays(today, -20), 300_000);
    const made = await world.api('POST', `/api/units/${t.unit.id}/agreements`, t.cookie, {
      instalments: [
        { dueDate: addDays(today, 3), amount: 200_000 },
        { dueDate: addDays(today, 33), amount: 200_000 },
        { dueDate: addDays(today, 63), amount: 200_000 },
      ],
    });
    expect(made.status).toBe(201);
    const agreementId = made.body.id as number;

    // Today: the agreement is kept, its charges get no late fee; the other unit's does.
    expect((await fees(t, today)).map((fee) => fee.sourceChargeId)).toEqual([outside.id]);
    expect(await lateFeesOf([first.id, second.id])).toEqual([]);
    // Reminders skip the covered charges too.
    expect((await dueChargeReminders(today)).filter((row) => [first.id, second.id].includes(row.chargeId))).toEqual([]);

    // The first instalment is paid (2,000.00 of the first charge) before its date.
    await db()('charges').where({ id: first.id }).update({ paidAmount: 200_000 });
    const day10 = addDays(today, 10);
    expect(await transaction((trx) => reviewAgreements(trx, day10))).toEqual([]);
    expect(await statusOf(agreementId)).toBe('active');
    expect((await fees(t, day10)).filter((fee) => [first.id, second.id].includes(fee.sourceChargeId!))).toEqual([]);

    // The second instalment's day passes unpaid: broken, by one run of several at once.
    const missed = addDays(today, 34);
    const runs = await Promise.all([1, 2, 3].map(() => transaction((trx) => reviewAgreements(trx, missed))));
    expect(runs.flat()).toEqual([{ id: agreementId, status: 'broken' }]);
    expect(await transaction((trx) => reviewAgreements(trx, missed))).toEqual([]);
    expect(await statusOf(agreementId)).toBe('broken');
    expect(await db()('events').where({ type: 'agreement.broken', subjectId: agreementId, audience: 'administrators' })).toHaveLength(1);

    // Late fees resume on the charges it covered, once per charge and month.
    await fees(t, missed);
    await fees(t, missed);
    expect(await lateFeesOf([first.id, second.id])).toEqual([
      { sourceChargeId: first.id, period: periodOf(missed), amount: 50_000 },
      { sourceChargeId: second.id, period: periodOf(missed), amount: 50_000 },
    ]);
  });

  it('the late-fee run decides the day’s agreements first, and one paid in full is kept', async () => {
    const t = await tower();
    const charge = await owed(t, t.unit, addDays(today, -15), 300_000);
    const made = await world.api('POST', `/api/units/${t.unit.id}/agreements`, t.cookie, { instalments: [{ dueDate: today, amount: 100_000 }, { dueDate: addDays(today, 5), amount: 200_000 }] });
    expect(made.status).toBe(201);
    // Nothing paid, the first instalment's day passed: the day's run finds it broken and charges the fee.
    const tomorrow = addDays(today, 1);
    expect((await fees(t, tomorrow)).map((fee) => fee.sourceChargeId)).toEqual([charge.id]);
    expect(await statusOf(made.body.id)).toBe('broken');

    // Another unit pays its agreement in full: kept by the every-minute sweep, once.
    const paid = await owed(t, t.other, addDays(today, -15), 150_000);
    const second = await world.api('POST', `/api/units/${t.other.id}/agreements`, t.cookie, { instalments: [{ dueDate: addDays(today, 20), amount: 150_000 }] });
    expect(second.status).toBe(201);
    await db()('charges').where({ id: paid.id }).update({ paidAmount: 150_000, status: 'completed' });
    const sweep = sweepBilling(world.queues.billing);
    await sweep();
    await sweep();
    expect(await statusOf(second.body.id)).toBe('kept');
    expect(await db()('events').where({ type: 'agreement.kept', subjectId: second.body.id, audience: 'administrators' })).toHaveLength(1);
  });
});
