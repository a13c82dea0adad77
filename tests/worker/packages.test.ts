import { describe, expect, it } from 'vitest';
import { remindPackage, reminderDay } from '../../server/commands/packages/reminders';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import type { LiveEvent } from '../../shared/events';
import { JOBS, packageReminderJobId } from '../../shared/jobs';
import { ANONYMISED_PICKUP } from '../../shared/schemas/packages';
import { createOrganization, createPackage, createProperty, createResident, createStaff, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';
import { TINY_PNG } from '../api/isolation/world';

/**
 * Packages end to end: a live server, a real BullMQ worker and Redis, the resident's and the
 * desk's sockets: the live toast, the inbox and email, the daily reminders and the retention sweep.
 */
const world = useLiveWorld();
const queue = world.queues.visitors;
const { api } = world;
const DAY = 86_400_000;
const png = Buffer.from(TINY_PNG, 'base64');

async function tower() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: resident, unit } = await createResident({ property });
  const guard = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  return { organization, admin, property, resident, unit, guard };
}

const typed = (type: string, id: number) => (event: LiveEvent) => event.type === type && event.subjectId === id;
const reminders = (id: number) => db()('events').where({ type: 'package.reminder', subjectId: id, audience: 'administrators' });

describe('with a worker', () => {
  world.useWorker();

  it('tells the resident live and in the inbox with the code (the desk live without it), and emails a perishable one whatever their switches say', async () => {
    const t = await tower();
    await db()('users').where({ id: t.resident.id }).update({ preferences: { notifications: { email: false } } });
    const phone = await world.connect(t.resident);
    const desk = await world.connect(t.guard);
    const cookie = await world.cookie(t.guard);
    const created = await api('POST', '/api/packages', cookie, { propertyId: t.property.id, unitId: t.unit.id, carrier: 'amazon', perishable: true });
    expect(created.status).toBe(201);
    const code = (await db()('packages').where({ id: created.body.id }).first()).pickupCode;
    const live = await phone.next(typed('package.logged', created.body.id), 5000);
    expect(live.payload).toMatchObject({ pickupCode: code, unitNumber: t.unit.unitNumber, perishable: true });
    const atDesk = await desk.next(typed('package.logged', created.body.id), 5000);
    expect(JSON.stringify(atDesk.payload)).not.toContain(code);
    const told = await waitFor(() => db()('notifications').where({ userId: t.resident.id, subjectType: 'package', subjectId: created.body.id }).first(), 8000, 'la notificación');
    expect(JSON.stringify(told.payload)).toContain(code);
    const email = await waitFor(() => db()('email_outbox').where({ userId: t.resident.id, notificationId: told.id }).first(), 8000, 'el correo');
    expect(email.textBody).toContain(code);
    expect(await db()('notifications').where({ userId: t.guard.id, subjectType: 'package' })).toHaveLength(0);
    expect(await db()('notifications').where({ userId: t.admin.id, subjectType: 'package' })).toHaveLength(0);
  });
});

describe('reminders', () => {
  it('a reminder job reminds once a day at most, whoever runs it and however often', async () => {
    const t = await tower();
    const old = await createPackage({ propertyId: t.property.id, unitId: t.unit.id, createdAt: new Date(Date.now() - 4 * DAY) });
    const young = await createPackage({ propertyId: t.property.id, unitId: t.unit.id, createdAt: new Date(Date.now() - DAY) });
    expect(await Promise.all([transaction((trx) => remindPackage(trx, old.id)), transaction((trx) => remindPackage(trx, old.id))])).toEqual(expect.arrayContaining([true, false]));
    expect(await transaction((trx) => remindPackage(trx, old.id))).toBe(false);
    expect(await transaction((trx) => remindPackage(trx, young.id))).toBe(false);
    expect(await reminders(old.id)).toHaveLength(1);
    expect(await db()('packages').where({ id: old.id }).first()).toMatchObject({ reminders: 1 });
    // Yesterday's reminder does not stop today's.
    await db()('packages').where({ id: old.id }).update({ lastRemindedOn: db().raw("(now() at time zone 'America/Santo_Domingo')::date - 1") });
    expect(await transaction((trx) => remindPackage(trx, old.id))).toBe(true);
    // A setting of 5 days: a 4-day-old package waits.
    await db()('organizations').where({ id: t.organization.id }).update({ settings: db().raw(`coalesce(settings, '{}'::jsonb) || '{"packages":{"reminderDays":5}}'::jsonb`) });
    await db()('packages').where({ id: old.id }).update({ lastRemindedOn: null });
    expect(await transaction((trx) => remindPackage(trx, old.id))).toBe(false);
  });

  describe('the sweep', () => {
    world.useWorker({ sweepEveryMs: 500 });

    it('is a job scheduler upserted at boot', async () => {
      expect(await queue.getJobScheduler('packages-sweep')).toMatchObject({ name: 'packages.sweep', every: 500 });
    });

    it('enqueues one job per package and day with a stable id: sweeps again add nothing, and a picked-up package is not reminded', async () => {
      const t = await tower();
      const old = await createPackage({ propertyId: t.property.id, unitId: t.unit.id, createdAt: new Date(Date.now() - 4 * DAY) });
      const gone = await createPackage({ propertyId: t.property.id, unitId: t.unit.id, createdAt: new Date(Date.now() - 4 * DAY), status: 'returned', returnedAt: new Date(), returnReason: 'x' });
      await waitFor(async () => (await reminders(old.id)).length === 1, 5000, 'el recordatorio');
      const day = await reminderDay();
      expect(await queue.getJob(packageReminderJobId(old.id, day))).toBeDefined();
      await world.nextSweep(queue, JOBS.sweepPackages);
      await world.nextSweep(queue, JOBS.sweepPackages);
      expect(await reminders(old.id)).toHaveLength(1);
      expect(await reminders(gone.id)).toHaveLength(0);
      const told = await waitFor(() => db()('notifications').where({ userId: t.resident.id, type: 'package.reminder', subjectId: old.id }).first(), 5000, 'la notificación');
      expect(JSON.stringify(told.payload)).toContain(old.pickupCode);
    });

    it('anonymises the photos, signatures and names of packages that left the desk before the retention period, with the visitors’ sweep', async () => {
      const t = await tower();
      const base = { propertyId: t.property.id, unitId: t.unit.id, photo: png, photoType: 'image/png', signature: png, pickedUpByName: 'Pedro Mensajero', pickedUpByIdNumber: '001-1234567-8' };
      const old = await createPackage({ ...base, status: 'picked_up', createdAt: new Date(Date.now() - 400 * DAY), pickedUpAt: new Date(Date.now() - 399 * DAY) });
      const recent = await createPackage({ ...base, status: 'picked_up', pickedUpAt: new Date(Date.now() - DAY) });
      const waiting = await createPackage({ propertyId: t.property.id, unitId: t.unit.id, photo: png, photoType: 'image/png', createdAt: new Date(Date.now() - 400 * DAY) });
      await waitFor(async () => (await db()('packages').where({ id: old.id }).first()).anonymizedAt !== null, 5000, 'el anonimizado');
      await world.nextSweep(queue, JOBS.sweepVisitors);
      const rows = await db()('packages').whereIn('id', [old.id, recent.id, waiting.id]).orderBy('id');
      expect(rows[0]).toMatchObject({ photo: null, signature: null, pickedUpByName: ANONYMISED_PICKUP, pickedUpByIdNumber: null, status: 'picked_up' });
      expect(rows[1].photo).not.toBeNull();
      expect(rows[1].anonymizedAt).toBeNull();
      expect(rows[2].photo).not.toBeNull();
      const cookie = await world.cookie(t.admin);
      expect((await api('GET', `/api/packages/${old.id}/photo`, cookie)).status).toBe(404);
      expect((await api('GET', `/api/packages/${old.id}`, cookie)).body).toMatchObject({ anonymized: true, hasPhoto: false, pickedUpBy: { name: ANONYMISED_PICKUP } });
      expect(await db()('events').where({ type: 'packages.anonymised', organizationId: t.organization.id })).toHaveLength(1);
    });
  });
});
