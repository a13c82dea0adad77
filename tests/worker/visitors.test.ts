import { describe, expect, it } from 'vitest';
import { expireVisitors } from '../../server/commands/visitors';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import type { LiveEvent } from '../../shared/events';
import { JOBS, visitorExpiryJobId } from '../../shared/jobs';
import { ANONYMISED_NAME } from '../../shared/schemas/visitors';
import { scheduleVisitorExpiry } from '../../server/jobs/visitors';
import { createOrganization, createProperty, createResident, createStaff, createUser, createVisitorPass } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Visitor passes end to end: a live server whose relay schedules a closing job per pass
 * (validity end, walk-in time-out), a real BullMQ worker, real Redis, and the desk's and the
 * host's sockets.
 */
const world = useLiveWorld();
const queue = world.queues.visitors;
const { api } = world;

async function tower() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: host, unit } = await createResident({ property });
  const guard = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  const desk = await world.connect(guard);
  const hostSocket = await world.connect(host);
  return { organization, admin, property, host, unit, guard, desk, hostSocket };
}

const job = (id: number) => queue.getJob(visitorExpiryJobId(id));
const typed = (type: string, id: number) => (event: LiveEvent) => event.type === type && event.subjectId === id;

describe('with a worker', () => {
  world.useWorker();

  it('schedules one job at the end of each new pass’s validity, and none once it is cancelled', async () => {
    const t = await tower();
    const cookie = await world.cookie(t.host);
    const created = await api('POST', '/api/visitors', cookie, { propertyId: t.property.id, unitId: t.unit.id, name: 'Laura', expectedArrival: new Date(Date.now() + 3600_000).toISOString() });
    expect(created.status).toBe(201);
    const scheduled = await waitFor(() => job(created.body.id), 3000, 'el trabajo de vencimiento');
    expect(scheduled.data).toEqual({ visitorId: created.body.id, dueAt: created.body.validTo });
    expect(await scheduled.isDelayed()).toBe(true);
    // Scheduling again keeps one job.
    await scheduleVisitorExpiry(queue, created.body.id);
    expect((await queue.getDelayed()).filter((j) => j.data.visitorId === created.body.id)).toHaveLength(1);
    await db()('visitors').where({ id: created.body.id }).update({ status: 'cancelled' });
    await scheduleVisitorExpiry(queue, created.body.id);
    expect(await job(created.body.id)).toBeUndefined();
  });

  it('times a walk-in out when the host does not answer: the desk is told live to call', async () => {
    const t = await tower();
    const cookie = await world.cookie(t.guard);
    const asked = await api('POST', '/api/desk/walk-ins', cookie, { propertyId: t.property.id, unitId: t.unit.id, name: 'Pedro Mensajero', visitType: 'delivery' });
    expect(asked.status).toBe(201);
    // The host's screen hears the request.
    await t.hostSocket.next(typed('visitor.walk_in_requested', asked.body.id), 5000);
    const scheduled = await waitFor(() => job(asked.body.id), 3000, 'el trabajo de espera');
    expect(scheduled.data.dueAt).toBe(asked.body.decisionDueAt);
    // Three minutes pass (as if): the time-out comes close and the job is moved.
    await db()('visitors').where({ id: asked.body.id }).update({ decisionDueAt: new Date(Date.now() + 500) });
    await scheduleVisitorExpiry(queue, asked.body.id);
    const event = await t.desk.next(typed('visitor.walk_in_timed_out', asked.body.id), 6000);
    expect(event).toMatchObject({ audience: 'user', userId: t.guard.id, payload: { name: 'Pedro Mensajero', status: 'expired' } });
    // Idempotent: running it again closes nothing more.
    expect(await transaction((trx) => expireVisitors(trx, { visitorId: asked.body.id }))).toEqual([]);
    expect(await db()('events').where({ type: 'visitor.walk_in_timed_out', subjectId: asked.body.id, audience: 'administrators' })).toHaveLength(1);
  });

  it('tells the host live and in their activity when their visitor is checked in', async () => {
    const t = await tower();
    const pass = await createVisitorPass({ propertyId: t.property.id, unitId: t.unit.id, hostId: t.host.id, name: 'Laura Sánchez' });
    const checkedIn = await api('POST', `/api/visitors/${pass.id}/check-in`, await world.cookie(t.guard), {});
    expect(checkedIn.status).toBe(200);
    await t.hostSocket.next(typed('visitor.checked_in', pass.id), 5000);
    const notification = await waitFor(() => db()('notifications').where({ userId: t.host.id, type: 'visitor.checked_in', subjectId: pass.id }).first(), 5000, 'la notificación');
    expect(notification).toMatchObject({ category: 'visitor', link: '/visitors' });
  });
});

describe('the sweep', () => {
  world.useWorker({ sweepEveryMs: 500 });

  it('is a job scheduler upserted at boot', async () => {
    expect(await queue.getJobScheduler('visitors-sweep')).toMatchObject({ name: 'visitors.sweep', every: 500 });
  });

  it('expires passes past their validity that never had a job, anonymises old visits, and leaves the rest alone', async () => {
    const t = await tower();
    const base = { propertyId: t.property.id, unitId: t.unit.id, hostId: t.host.id };
    const day = 86_400_000;
    const late = await createVisitorPass({ ...base, validFrom: new Date(Date.now() - 2 * day), validTo: new Date(Date.now() - day) });
    const future = await createVisitorPass(base);
    const old = await createVisitorPass({ ...base, status: 'checked-out', uses: 1, phone: '809-555-0199', validFrom: new Date(Date.now() - 400 * day), validTo: new Date(Date.now() - 399 * day), checkOutTime: new Date(Date.now() - 399 * day) });
    await waitFor(async () => (await db()('visitors').where({ id: late.id }).first()).status === 'expired', 5000, 'el pase vencido');
    await waitFor(async () => (await db()('visitors').where({ id: old.id }).first()).anonymizedAt !== null, 5000, 'el anonimizado');
    await world.nextSweep(queue, JOBS.sweepVisitors);
    const rows = await db()('visitors').whereIn('id', [late.id, future.id, old.id]).orderBy('id');
    expect(rows.map((row) => row.status)).toEqual(['expired', 'scheduled', 'checked-out']);
    expect(rows[2]).toMatchObject({ name: ANONYMISED_NAME, phone: null });
    expect(await db()('events').where({ type: 'visitor.expired', subjectId: late.id, audience: 'administrators' })).toHaveLength(1);
  });
});
