import { describe, expect, it } from 'vitest';
import { markOverdueRequests } from '../../server/commands/maintenance/deadlines';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { MaintenanceRequest } from '../../server/models';
import type { LiveEvent } from '../../shared/events';
import { JOBS, overdueJobId } from '../../shared/jobs';
import { scheduleOverdueCheck } from '../../server/jobs/maintenance';
import { createMaintenanceRequest, createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Maintenance deadlines end to end: a live server whose relay schedules a deadline job per
 * request, a real BullMQ worker, real Redis, and an administrator's socket.
 */
const world = useLiveWorld();
const queue = world.queues.maintenance;

async function building() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: resident, unit } = await createResident({ property });
  const watcher = await world.connect(admin);
  return { organization, admin, property, resident, unit, watcher, cookie: await world.cookie(resident) };
}

async function report(cookie: string, body: Record<string, unknown>) {
  const response = await world.api('POST', '/api/maintenance', cookie, body);
  expect(response.status).toBe(201);
  return response.body as { id: number; dueAt: string };
}

const overdueOf = (id: number) => (event: LiveEvent) => event.type === 'maintenance.overdue' && event.subjectId === id;
const job = (id: number) => queue.getJob(overdueJobId(id));

describe('with a worker', () => {
  world.useWorker();

  it('schedules a job at the deadline of each new request, and moves it with the priority', async () => {
    const { property, unit, cookie, admin } = await building();
    const created = await report(cookie, { propertyId: property.id, unitId: unit.id, title: 'Fuga', description: 'Gotea', priority: 'high' });
    const scheduled = await waitFor(() => job(created.id), 3000, 'el trabajo del plazo');
    expect(scheduled.data).toEqual({ requestId: created.id, dueAt: created.dueAt });
    expect(await scheduled.isDelayed()).toBe(true);
    expect(Math.abs(scheduled.timestamp + scheduled.delay - Date.parse(created.dueAt))).toBeLessThan(1500);

    const adminCookie = await world.cookie(admin);
    await world.api('PATCH', `/api/maintenance/${created.id}`, adminCookie, { priority: 'emergency' });
    const dueAt = (await MaintenanceRequest.query().findById(created.id))!.dueAt!.toISOString();
    const moved = await waitFor(async () => {
      const current = await job(created.id);
      return current?.data.dueAt === dueAt ? current : undefined;
    }, 3000, 'el trabajo movido');
    expect(await moved.isDelayed()).toBe(true);

    // Completed: nothing left to watch.
    await db()('maintenance_requests').where({ id: created.id }).update({ status: 'cancelled' });
    await scheduleOverdueCheck(queue, created.id);
    expect(await job(created.id)).toBeUndefined();
  });

  it('marks the request overdue at its deadline, tells the administrators live and in their inbox, once', async () => {
    const { property, unit, cookie, watcher, admin } = await building();
    const created = await report(cookie, { propertyId: property.id, unitId: unit.id, title: 'Ascensor detenido', description: 'No baja', priority: 'emergency' });
    await waitFor(() => job(created.id), 3000, 'el trabajo');
    // The deadline comes close (as if set so), and the follow-up reschedules.
    await db()('maintenance_requests').where({ id: created.id }).update({ dueAt: new Date(Date.now() + 800) });
    await scheduleOverdueCheck(queue, created.id);

    const event = await watcher.next(overdueOf(created.id), 6000);
    expect(event).toMatchObject({ audience: 'administrators', actorId: null, payload: { id: created.id, title: 'Ascensor detenido', changes: { overdue: true } } });
    expect((await MaintenanceRequest.query().findById(created.id))!.overdueAt).not.toBeNull();
    const notification = await waitFor(
      () => db()('notifications').where({ userId: admin.id, type: 'maintenance.overdue', subjectId: created.id }).first(),
      5000,
      'la notificación',
    );
    expect(notification).toMatchObject({ category: 'maintenance', link: `/maintenance/${created.id}` });
    // The emergency itself reached the administrators at once.
    expect(await db()('notifications').where({ userId: admin.id, type: 'maintenance.created', subjectId: created.id }).first()).toBeTruthy();

    // Running it again changes nothing.
    await transaction((trx) => markOverdueRequests(trx, { requestId: created.id }));
    const marks = await db()('maintenance_updates').where({ requestId: created.id }).whereRaw("changes \\? 'overdue'");
    expect(marks).toHaveLength(1);
    expect(marks[0].visibility).toBe('internal');
  });

  it('a job that fires before a later deadline waits again', async () => {
    const { property, unit, cookie, watcher } = await building();
    const created = await report(cookie, { propertyId: property.id, unitId: unit.id, title: 'Bomba', description: 'Ruido', priority: 'low' });
    await waitFor(() => job(created.id), 3000, 'el trabajo');
    await db()('maintenance_requests').where({ id: created.id }).update({ dueAt: new Date(Date.now() + 500) });
    await scheduleOverdueCheck(queue, created.id);
    // The deadline moves later without an event (as if the follow-up were lost).
    const later = new Date(Date.now() + 2500);
    await db()('maintenance_requests').where({ id: created.id }).update({ dueAt: later });
    await world.firedEarly(queue, overdueJobId(created.id), 'dueAt', later);
    expect((await MaintenanceRequest.query().findById(created.id))!.overdueAt).toBeNull();
    await watcher.next(overdueOf(created.id), 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(later.getTime());
  });
});

describe('the sweep', () => {
  world.useWorker({ sweepEveryMs: 500 });

  it('is a job scheduler upserted at boot', async () => {
    expect(await queue.getJobScheduler('maintenance-sweep')).toMatchObject({ name: 'maintenance.sweep', every: 500 });
  });

  it('marks requests past their deadline that never had a job, and leaves closed and future ones alone', async () => {
    const { property, watcher } = await building();
    const late = await createMaintenanceRequest({ propertyId: property.id, dueAt: new Date(Date.now() - 60_000) });
    const closed = await createMaintenanceRequest({ propertyId: property.id, status: 'completed', dueAt: new Date(Date.now() - 60_000) });
    const future = await createMaintenanceRequest({ propertyId: property.id, dueAt: new Date(Date.now() + 3600_000) });
    await watcher.next(overdueOf(late.id), 5000);
    await world.nextSweep(queue, JOBS.sweepMaintenance);
    const rows = await MaintenanceRequest.query().findByIds([late.id, closed.id, future.id]).orderBy('id');
    expect(rows.map((row) => row.overdueAt !== null)).toEqual([true, false, false]);
    expect(await db()('events').where({ type: 'maintenance.overdue', subjectId: late.id })).toHaveLength(1);
  });
});
