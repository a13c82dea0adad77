import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Broadcast } from '../../server/models';
import { expiryJobId } from '../../shared/jobs';
import type { LiveEvent } from '../../shared/events';
import { createBroadcast, createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Broadcast expiry end to end: a live server (whose relay schedules the jobs as follow-ups of
 * the broadcast events), a real BullMQ worker, real Redis and a resident's socket.
 */
const world = useLiveWorld();
const queue = world.queues.broadcasts;
const { api } = world;

async function community() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: resident } = await createResident({ property });
  const cookie = await world.cookie(admin);
  const client = await world.connect(resident);
  return { admin, property, cookie, client };
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const expiredEvent = (id: number) => (event: LiveEvent) => event.type === 'broadcast.expired' && event.subjectId === id;
const job = (id: number) => queue.getJob(expiryJobId(id));

describe('with a worker', () => {
  world.useWorker();

  it('a broadcast ending in a second becomes expired and its readers receive broadcast.expired', async () => {
    const { property, cookie, client } = await community();
    const endDate = inMs(1000);
    const { body: created } = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Fumigación', message: 'Fumigación de áreas comunes hoy.', endDate });

    const scheduled = await waitFor(() => job(created.id), 3000, 'el trabajo de expiración');
    expect(scheduled.data).toEqual({ broadcastId: created.id, endsAt: endDate });
    expect(scheduled.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 2000 } });

    const event = await client.next(expiredEvent(created.id), 6000);
    expect(Date.now() - new Date(endDate).getTime()).toBeLessThan(2000);
    expect(event).toMatchObject({ audience: 'property', propertyId: property.id, actorId: null, payload: { broadcast: { id: created.id, status: 'expired' } } });
    expect((await Broadcast.query().findById(created.id))!.status).toBe('expired');
    const done = await waitFor(async () => ((await job(created.id))?.finishedOn ? job(created.id) : undefined), 3000, 'el trabajo terminado');
    expect(done!.returnvalue).toEqual({ expired: true });
  });

  it('moves the job when the end date changes, and removes it when the end date is cleared', async () => {
    const { cookie, property } = await community();
    const first = inMs(3600_000);
    const { body: created } = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Asamblea', message: 'Asamblea de propietarios el jueves.', endDate: first });
    const scheduled = await waitFor(() => job(created.id), 3000, 'el trabajo');
    expect(await scheduled.isDelayed()).toBe(true);
    expect(Math.abs(scheduled.timestamp + scheduled.delay - Date.parse(first))).toBeLessThan(1500);

    const later = inMs(2 * 3600_000);
    expect((await api('PATCH', `/api/broadcasts/${created.id}`, cookie, { endDate: later })).status).toBe(200);
    const moved = await waitFor(async () => {
      const current = await job(created.id);
      return current?.data.endsAt === later ? current : undefined;
    }, 3000, 'el trabajo movido');
    expect(await moved.isDelayed()).toBe(true);
    expect(Math.abs(moved.timestamp + moved.delay - Date.parse(later))).toBeLessThan(1500);
    expect(await queue.getDelayedCount()).toBeGreaterThanOrEqual(1);

    await api('PATCH', `/api/broadcasts/${created.id}`, cookie, { endDate: null });
    await waitFor(async () => !(await job(created.id)), 3000, 'el trabajo quitado');
  });

  it('removes the job when the broadcast is deleted', async () => {
    const { cookie, property } = await community();
    const { body: created } = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Piscina', message: 'La piscina cierra por mantenimiento.', endDate: inMs(3600_000) });
    await waitFor(() => job(created.id), 3000, 'el trabajo');
    expect((await api('DELETE', `/api/broadcasts/${created.id}`, cookie)).status).toBe(204);
    await waitFor(async () => !(await job(created.id)), 3000, 'el trabajo quitado');
  });

  it('a job that fires before a later end date (moved without it) waits again until the new end', async () => {
    const { cookie, property, client } = await community();
    const { body: created } = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Ascensor', message: 'El ascensor estará fuera de servicio.', endDate: inMs(800) });
    await waitFor(() => job(created.id), 3000, 'el trabajo');
    // The end date moves in the database without an event (as if the follow-up were lost).
    const newEnd = new Date(Date.now() + 2500);
    await db()('broadcasts').where({ id: created.id }).update({ endDate: newEnd });
    await world.firedEarly(queue, expiryJobId(created.id), 'endsAt', newEnd);
    expect((await Broadcast.query().findById(created.id))!.status).toBe('active');
    await client.next(expiredEvent(created.id), 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(newEnd.getTime());
  });

  it('keeps failed jobs for operators', async () => {
    await queue.add('unknown.job', {}, { attempts: 1 });
    const failed = await waitFor(async () => (await queue.getFailed()).find((j) => j.name === 'unknown.job'), 5000, 'el trabajo fallido');
    expect(failed.failedReason).toContain('Trabajo desconocido');
  });
});

describe('the sweep', () => {
  world.useWorker({ sweepEveryMs: 500 });

  it('is a job scheduler upserted at boot', async () => {
    const scheduler = await queue.getJobScheduler('broadcasts-sweep');
    expect(scheduler).toMatchObject({ name: 'broadcasts.sweep', every: 500 });
  });

  it('expires a broadcast whose job was deleted', async () => {
    const { cookie, property, client } = await community();
    const { body: created } = await api('POST', `/api/properties/${property.id}/broadcasts`, cookie, { title: 'Agua', message: 'Corte de agua programado esta tarde.', endDate: inMs(1000) });
    await waitFor(() => job(created.id), 3000, 'el trabajo');
    expect(await queue.remove(expiryJobId(created.id))).toBe(1);
    await client.next(expiredEvent(created.id), 5000);
    expect((await Broadcast.query().findById(created.id))!.status).toBe('expired');
  });

  it('expires ended broadcasts that never had a job', async () => {
    const { property, client } = await community();
    const ended = await createBroadcast({ propertyId: property.id, endDate: new Date(Date.now() - 1000) });
    await client.next(expiredEvent(ended.id), 5000);
    expect((await Broadcast.query().findById(ended.id))!.status).toBe('expired');
  });
});
