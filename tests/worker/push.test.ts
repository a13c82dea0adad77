import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { vapidKeys } from '../../server/push/vapid';
import { pushJobId } from '../../shared/jobs';
import { createOrganization, createProperty, createResident, createStaff, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';
import { usePushService } from '../support/push-service';

/**
 * Web Push end to end without the internet: a live server and worker, and a local HTTP server
 * playing the browser's push service. Each test subscription holds a real P-256 key pair and
 * auth secret, so the test decrypts what arrives (RFC 8291, aes128gcm) with the device's
 * private key and checks the VAPID signature (RFC 8292) with the server's public key.
 */
const world = useLiveWorld();
const { api } = world;

const { answers, subscribeDevice, pushesTo, open } = usePushService(world);

async function tower() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: resident, unit } = await createResident({ property });
  const guard = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  return { organization, admin, property, resident, unit, guard };
}

const noSwitches = { notifications: { email: true, messages: false, maintenance: false, payment: false, visitor: false, marketing: false } };

describe('the devices of a user', () => {
  it('gives the VAPID public key; subscribes once per endpoint; refuses other hosts over http; lists, removes and answers 404 for others’ devices', async () => {
    const t = await tower();
    const cookie = await world.cookie(t.resident);
    expect((await api('GET', '/api/push/public-key', cookie)).body).toEqual({ publicKey: vapidKeys().publicKey });
    expect((await api('GET', '/api/push/public-key', '')).status).toBe(401);

    const device = await subscribeDevice(t.resident);
    const again = await api('POST', '/api/push/subscriptions', cookie, { endpoint: device.endpoint, keys: { p256dh: device.ecdh.getPublicKey('base64url'), auth: device.auth.toString('base64url') } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(device.id);

    const plain = await api('POST', '/api/push/subscriptions', cookie, { endpoint: 'http://push.example.com/x', keys: { p256dh: 'abc', auth: 'def' } });
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain('https');
    const broken = await api('POST', '/api/push/subscriptions', cookie, { endpoint: 'https://push.example.com/x', keys: { p256dh: 'no spaces!', auth: '' } });
    expect(broken.status).toBe(400);

    const list = await api('GET', '/api/push/subscriptions', cookie);
    expect(list.body).toEqual([expect.objectContaining({ id: device.id, label: 'Chrome · Android', lastUsedAt: null })]);

    const { user: stranger } = await createResident({ property: t.property });
    const strangerCookie = await world.cookie(stranger);
    expect((await api('GET', '/api/push/subscriptions', strangerCookie)).body).toEqual([]);
    expect((await api('DELETE', `/api/push/subscriptions/${device.id}`, strangerCookie)).status).toBe(404);
    expect((await api('POST', '/api/push/test', strangerCookie)).status).toBe(409);

    expect((await api('DELETE', `/api/push/subscriptions/${device.id}`, cookie)).status).toBe(204);
    expect(await db()('pushSubscriptions').where({ id: device.id })).toHaveLength(0);
    expect(await db()('events').where({ type: 'push.unsubscribed', userId: t.resident.id })).toHaveLength(1);
  });
});

describe('with a worker', () => {
  world.useWorker();

  it('sends a test push to each of the user’s devices, encrypted for each, and records the last use', async () => {
    const t = await tower();
    const phone = await subscribeDevice(t.resident);
    const laptop = await subscribeDevice(t.resident, 'Firefox');
    const response = await api('POST', '/api/push/test', await world.cookie(t.resident));
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ devices: 2 });
    await waitFor(() => pushesTo(phone).length === 1 && pushesTo(laptop).length === 1, 8000, 'las pruebas');
    for (const device of [phone, laptop]) {
      expect(open(device, pushesTo(device)[0])).toEqual({ title: 'Vecindad: notificación de prueba', body: 'Las notificaciones llegan a este dispositivo.', url: '/settings?tab=notifications', tag: 'push-test' });
    }
    await waitFor(async () => (await db()('pushSubscriptions').where({ id: phone.id }).first()).lastUsedAt !== null, 5000, 'el último uso');
    // In English for an English speaker.
    await db()('users').where({ id: t.resident.id }).update({ language: 'en' });
    await api('POST', '/api/push/test', await world.cookie(t.resident));
    await waitFor(() => pushesTo(phone).length === 2, 8000, 'la segunda prueba');
    expect(open(phone, pushesTo(phone)[1]).title).toBe('Vecindad: test notification');
  });

  it('pushes an emergency broadcast to every resident of its property whatever their switches, and to nobody of another property or organization; a plain notice is not pushed', async () => {
    const t = await tower();
    const { user: quiet } = await createResident({ property: t.property, user: { preferences: noSwitches } });
    const other = await createProperty({ organizationId: t.organization.id });
    const { user: neighbour } = await createResident({ property: other });
    const { user: foreigner } = await createResident();
    const devices = { resident: await subscribeDevice(t.resident), quiet: await subscribeDevice(quiet), neighbour: await subscribeDevice(neighbour), foreigner: await subscribeDevice(foreigner) };

    const cookie = await world.cookie(t.admin);
    const notice = await api('POST', '/api/broadcasts', cookie, { title: 'Asamblea', message: 'El jueves.', category: 'announcement', propertyIds: [t.property.id] });
    expect(notice.status).toBe(201);
    const emergency = await api('POST', '/api/broadcasts', cookie, { title: 'Fuga de gas', message: 'Salgan del edificio por la escalera norte.', category: 'emergency', propertyIds: [t.property.id] });
    expect(emergency.status).toBe(201);
    const broadcastId = (await db()('broadcasts').where({ title: 'Fuga de gas', propertyId: t.property.id }).first()).id;

    await waitFor(() => pushesTo(devices.resident).length >= 1 && pushesTo(devices.quiet).length >= 1, 8000, 'los avisos de emergencia');
    for (const device of [devices.resident, devices.quiet]) {
      expect(pushesTo(device)).toHaveLength(1);
      expect(open(device, pushesTo(device)[0])).toEqual({
        title: 'Emergencia: Fuga de gas',
        body: 'Salgan del edificio por la escalera norte.',
        url: expect.stringMatching(/^\//),
        tag: `broadcast-${broadcastId}`,
      });
    }
    // The plain notice reached the inbox, not the phone.
    const noticeId = (await db()('broadcasts').where({ title: 'Asamblea', propertyId: t.property.id }).first()).id;
    await waitFor(() => db()('notifications').where({ userId: t.resident.id, key: `broadcast:${noticeId}` }).first(), 5000, 'el aviso');
    expect(pushesTo(devices.neighbour)).toHaveLength(0);
    expect(pushesTo(devices.foreigner)).toHaveLength(0);
  });

  it('follows the category’s switch for packages (perishable ones always), and tags a walk-in so its buttons can answer it', async () => {
    const t = await tower();
    const { user: quiet } = await createResident({ property: t.property, unit: t.unit, user: { preferences: noSwitches } });
    const loud = await subscribeDevice(t.resident);
    const silent = await subscribeDevice(quiet);
    const guard = await world.cookie(t.guard);

    const parcel = await api('POST', '/api/packages', guard, { propertyId: t.property.id, unitId: t.unit.id, carrier: 'dhl' });
    expect(parcel.status).toBe(201);
    await waitFor(() => pushesTo(loud).length === 1, 8000, 'el aviso del paquete');
    expect(open(loud, pushesTo(loud)[0])).toMatchObject({ url: '/packages/mine' });
    const perishable = await api('POST', '/api/packages', guard, { propertyId: t.property.id, unitId: t.unit.id, carrier: 'amazon', perishable: true });
    expect(perishable.status).toBe(201);
    await waitFor(() => pushesTo(silent).length === 1 && pushesTo(loud).length === 2, 8000, 'el perecedero');
    // Only the perishable one reached the resident who turned the category off.
    await waitFor(() => db()('notifications').where({ userId: quiet.id, type: 'package.logged' }).then((rows) => rows.length === 2), 5000, 'sus notificaciones');
    expect(pushesTo(silent)).toHaveLength(1);

    const walkIn = await api('POST', '/api/desk/walk-ins', guard, { propertyId: t.property.id, unitId: t.unit.id, name: 'Pedro Mensajero', visitType: 'delivery' });
    expect(walkIn.status).toBe(201);
    await waitFor(() => pushesTo(loud).length === 3, 8000, 'la visita en recepción');
    expect(open(loud, pushesTo(loud)[2])).toMatchObject({ title: 'Pedro Mensajero pide entrar', tag: `walk-in-${walkIn.body.id}`, url: '/visitors' });
    expect(pushesTo(silent)).toHaveLength(1);
  });

  it('removes a subscription the push service answers 410 for, and records other failures on it', async () => {
    const t = await tower();
    const gone = await subscribeDevice(t.resident);
    const failing = await subscribeDevice(t.resident);
    answers.set(gone.path, 410);
    answers.set(failing.path, 500);
    await api('POST', '/api/push/test', await world.cookie(t.resident));
    await waitFor(async () => (await db()('pushSubscriptions').where({ id: gone.id })).length === 0, 8000, 'la suscripción borrada');
    const event = await db()('events').where({ type: 'push.unsubscribed', subjectId: gone.id }).first();
    expect(event.payload).toMatchObject({ reason: 'gone' });
    const failed = await waitFor(async () => (await db()('pushSubscriptions').where({ id: failing.id }).first())?.lastError, 8000, 'el fallo');
    expect(failed).toBe('HTTP 500');
    const testEvent = await db()('events').where({ type: 'push.test_requested', userId: t.resident.id }).first();
    const job = await world.queues.push.getJob(pushJobId({ subscriptionId: gone.id, test: { eventId: Number(testEvent.id) } }));
    await waitFor(async () => (await job!.getState()) === 'completed', 5000, 'el trabajo');
    expect((await world.queues.push.getJob(job!.id!))!.returnvalue).toMatchObject({ sent: false, removed: true, status: 410 });
    const retrying = await world.queues.push.getJob(pushJobId({ subscriptionId: failing.id, test: { eventId: Number(testEvent.id) } }));
    expect(retrying!.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(await db()('pushSubscriptions').where({ id: failing.id })).toHaveLength(1);

    // Operators see both on the queue board: the removal as a completed job's result, the
    // failure (retrying with backoff) with its reason.
    const master = await createOrganization({ type: 'master' });
    const operator = await world.cookie(await createUser({ role: 'Administrador', organizationId: master.id }));
    const board = async (status: string) => {
      const response = await fetch(`${world.server.url}/admin/queues/api/queues?activeQueue=push&status=${status}`, { headers: { cookie: operator } });
      expect(response.status).toBe(200);
      const { queues } = (await response.json()) as { queues: Array<{ name: string; jobs: Array<{ id: string; returnValue: unknown; failedReason?: string; stacktrace?: string[] }> }> };
      return queues.find((queue) => queue.name === 'push')!.jobs;
    };
    expect((await board('completed')).find((shown) => shown.id === job!.id)?.returnValue).toMatchObject({ removed: true, status: 410 });
    const latest = await board('latest');
    const retried = latest.find((shown) => shown.id === retrying!.id);
    expect(retried, JSON.stringify(latest.map(({ id, failedReason }) => ({ id, failedReason })))).toBeDefined();
    expect(JSON.stringify(retried)).toContain('El servicio de push respondió 500');
    // Two subscriptions, a retry with backoff and the board's pages, on a shared machine.
  }, 60_000);
});
