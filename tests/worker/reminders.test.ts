import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { dueChargeReminders, remindCharge } from '../../server/commands/collections/reminders';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { JOBS, chargeReminderJobId, type SweepChargeRemindersData } from '../../shared/jobs';
import { addDays, todayThere } from '../../shared/time';
import { sweepChargeReminders } from '../../worker/jobs/reminders';
import { createCharge, createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Reminders of what units owe (avisos de cobro) against real PostgreSQL and Redis: one per
 * charge and step of the organization's schedule, whoever runs them and however often; none
 * for a paid charge, none at night, the unit's people told in their inbox.
 */
const world = useLiveWorld();
const queue = world.queues.billing;
const today = todayThere();

async function tower() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '3B' });
  const { user: resident } = await createResident({ property, unit });
  return { organization, admin, property, unit, resident };
}

const rowsOf = (chargeIds: number[]) => db()('charge_reminders').whereIn('chargeId', chargeIds).orderBy(['chargeId', 'step']).select('chargeId', 'step', 'kind', 'amount');
const sweep = (data: SweepChargeRemindersData) => sweepChargeReminders(queue)({ data } as Job<SweepChargeRemindersData>);

describe('scheduled reminders', () => {
  it('are due at each step of the schedule within the catch-up days, once per charge and step, never for a paid charge', async () => {
    const t = await tower();
    const dueToday = await createCharge({ unitId: t.unit.id, dueDate: today, amount: 450_000, paidAmount: 0 });
    const dueSoon = await createCharge({ unitId: t.unit.id, dueDate: addDays(today, 5) });
    const late = await createCharge({ unitId: t.unit.id, dueDate: addDays(today, -5), amount: 300_000 });
    const paid = await createCharge({ unitId: t.unit.id, dueDate: today, status: 'completed', paidAmount: 2_500_00 });
    const later = await createCharge({ unitId: t.unit.id, dueDate: addDays(today, 12) });
    const ids = [dueToday.id, dueSoon.id, late.id, paid.id, later.id];
    const due = (await dueChargeReminders(today)).filter((row) => ids.includes(row.chargeId));
    // Late by 5: the +5 step today; its due day's step (5 days ago) is past the catch-up days.
    expect(due).toEqual([
      { chargeId: dueToday.id, step: 0 },
      { chargeId: dueSoon.id, step: -5 },
      { chargeId: late.id, step: 5 },
    ]);

    // Two runs at once, then again: one reminder.
    expect((await Promise.all([transaction((trx) => remindCharge(trx, dueToday.id, 0, today)), transaction((trx) => remindCharge(trx, dueToday.id, 0, today))])).sort()).toEqual([false, true]);
    expect(await transaction((trx) => remindCharge(trx, dueToday.id, 0, today))).toBe(false);
    expect(await transaction((trx) => remindCharge(trx, paid.id, 0, today))).toBe(false);
    // A step not in the schedule, or not come yet, reminds nothing.
    expect(await transaction((trx) => remindCharge(trx, later.id, -5, today))).toBe(false);
    expect(await transaction((trx) => remindCharge(trx, dueToday.id, 3, today))).toBe(false);
    expect(await rowsOf(ids)).toEqual([{ chargeId: dueToday.id, step: 0, kind: 'scheduled', amount: 450_000 }]);
    expect((await dueChargeReminders(today)).filter((row) => row.chargeId === dueToday.id)).toEqual([]);
    // What the unit still owes: the balance of a charge partly paid.
    await db()('charges').where({ id: late.id }).update({ paidAmount: 100_000 });
    expect(await transaction((trx) => remindCharge(trx, late.id, 5, today))).toBe(true);
    expect((await rowsOf([late.id]))[0]).toMatchObject({ step: 5, amount: 200_000 });
    // The administrators and each person of the unit get the event.
    const events = await db()('events').where({ type: 'charge.reminder', subjectType: 'charge', subjectId: late.id });
    expect(events.map((event) => event.audience).sort()).toEqual(['administrators', 'user']);
    expect(events.find((event) => event.audience === 'user').userId).toBe(t.resident.id);
  });

  it('follow the organization’s schedule', async () => {
    const t = await tower();
    await db()('organizations').where({ id: t.organization.id }).update({ settings: db().raw(`coalesce(settings, '{}'::jsonb) || '{"collections":{"reminderSteps":[-2, 1]}}'::jsonb`) });
    const a = await createCharge({ unitId: t.unit.id, dueDate: addDays(today, 2) });
    const b = await createCharge({ unitId: t.unit.id, dueDate: today });
    // Due yesterday: its -2 step came 3 days ago, but the later +1 step came today: only that one.
    const c = await createCharge({ unitId: t.unit.id, dueDate: addDays(today, -1) });
    const due = (await dueChargeReminders(today)).filter((row) => [a.id, b.id, c.id].includes(row.chargeId));
    expect(due).toEqual([
      { chargeId: a.id, step: -2 },
      { chargeId: b.id, step: -2 },
      { chargeId: c.id, step: 1 },
    ]);
  });
});

describe('the sweep, with a worker', () => {
  world.useWorker();

  it('is a job scheduler upserted at boot', async () => {
    expect(await queue.getJobScheduler('billing-reminders-sweep')).toMatchObject({ name: JOBS.sweepChargeReminders });
  });

  it('enqueues one job per charge and step with a stable id: sweeps again add nothing; none at night; the resident reads it in the inbox', async () => {
    const t = await tower();
    const charge = await createCharge({ unitId: t.unit.id, dueDate: today, amount: 125_050 });
    const paid = await createCharge({ unitId: t.unit.id, dueDate: today, status: 'completed', paidAmount: 2_500_00 });
    expect(await sweep({ today, hour: 23 })).toEqual({ enqueued: 0, night: true });
    expect(await sweep({ today, hour: 6 })).toEqual({ enqueued: 0, night: true });
    expect(await rowsOf([charge.id])).toEqual([]);

    await sweep({ today, hour: 10 });
    await waitFor(async () => (await rowsOf([charge.id])).length === 1, 8000, 'el recordatorio');
    expect(await queue.getJob(chargeReminderJobId(charge.id, 0))).toBeDefined();
    await sweep({ today, hour: 10 });
    await sweep({ today, hour: 11 });
    // A job run again (a retry, a second worker) adds nothing either.
    await queue.add(JOBS.remindCharge, { chargeId: charge.id, step: 0 }, { jobId: `again-${charge.id}` });
    await waitFor(async () => (await queue.getJob(`again-${charge.id}`))?.finishedOn, 8000, 'el trabajo repetido');
    expect(await rowsOf([charge.id, paid.id])).toEqual([{ chargeId: charge.id, step: 0, kind: 'scheduled', amount: 125_050 }]);

    const told = await waitFor(() => db()('notifications').where({ userId: t.resident.id, type: 'charge.reminder' }).first(), 8000, 'la notificación');
    expect(told.payload).toMatchObject({ kind: 'scheduled', step: 0, amount: 125_050, unitNumber: '3B' });
    const email = await waitFor(() => db()('email_outbox').where({ userId: t.resident.id, notificationId: told.id }).first(), 8000, 'el correo');
    expect(email.textBody).toContain('RD$1,250.50');
    expect(email.subject).toContain('vence hoy');
    expect(await db()('notifications').where({ userId: t.resident.id, type: 'charge.reminder' })).toHaveLength(1);
  });
});
