import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { recordEvent } from '../../server/events/outbox';
import type { LiveEvent } from '../../shared/events';
import {
  createMaintenanceRequest,
  createOrganization,
  createProperty,
  createResident,
  createUnit,
  createUser,
} from '../support/factories';
import { Resident } from '../../server/models';
import {
  caughtUp,
  clearPrefix,
  connectAs,
  connected,
  livePrefix,
  liveClient,
  sessionCookie,
  sleep,
  startLiveServer,
  waitFor,
  type LiveClient,
  type LiveServer,
} from '../support/live';

/**
 * Live push end to end: real server instances (HTTP, Socket.IO, relay) on the real database
 * and Redis, real Socket.IO clients. Instance A runs the relay; instance B only serves sockets,
 * so whatever B's clients receive went through Redis.
 */

async function community() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, ownerId: owner.id });
  const { user: resident } = await createResident({ property });
  const neighbour = await createProperty({ organizationId: organization.id });
  const { user: neighbourResident } = await createResident({ property: neighbour });
  const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
  return { organization, admin, owner, property, resident, neighbour, neighbourResident, supplier };
}

async function publish(server: LiveServer, cookie: string, propertyId: number, body: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/api/properties/${propertyId}/broadcasts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({ title: 'Emergencia', message: 'Se evacua la torre por una fuga de gas.', category: 'emergency', ...body }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; title: string };
}

const about = (id: number, type = 'broadcast.created') => (event: LiveEvent) => event.type === type && event.subjectId === id;

const clients: LiveClient[] = [];
const track = (client: LiveClient) => (clients.push(client), client);
const prefixes: string[] = [];
const prefix = () => (prefixes.push(livePrefix()), prefixes.at(-1)!);
afterAll(async () => {
  clients.forEach((client) => client.close());
  for (const used of prefixes) await clearPrefix(used);
});

describe('two server instances sharing Redis', () => {
  let a: LiveServer;
  let b: LiveServer;
  beforeAll(async () => {
    const shared = prefix();
    a = await startLiveServer({ prefix: shared });
    b = await startLiveServer({ prefix: shared, relay: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  describe('the socket handshake', () => {
    it('refuses a connection without a session', async () => {
      await expect(connected(track(liveClient(b.url)))).rejects.toThrow('unauthorized');
    });

    it('refuses forged, malformed and ended sessions without disturbing the server', async () => {
      const { resident } = await community();
      const cookie = await sessionCookie(a.url, resident);
      const sid = /vecindad\.sid=([^;]+)/.exec(cookie)![1];
      const attempts = [
        `vecindad.sid=${sid}`, // no signature
        `vecindad.sid=${sid}; vecindad.sid.sig=forged`,
        'vecindad.sid=%%%; vecindad.sid.sig=%%%',
        'garbage',
      ];
      for (const attempt of attempts) {
        await expect(connected(track(liveClient(b.url, attempt))), attempt).rejects.toThrow('unauthorized');
      }
      // Signed out: the session row is gone, the cookie is worthless.
      await fetch(`${a.url}/api/logout`, { method: 'POST', headers: { cookie } });
      await expect(connected(track(liveClient(b.url, cookie)))).rejects.toThrow('unauthorized');
      // A cross-site page cannot open a socket with the user's cookie.
      const fresh = await sessionCookie(a.url, resident);
      const crossSite = track(liveClient(b.url, fresh, { extraHeaders: { cookie: fresh, origin: 'https://otro-sitio.example' } }));
      await expect(connected(crossSite)).rejects.toThrow();
      // The server still serves a proper connection.
      const good = track(await connectAs(b.url, resident));
      expect(good.socket.connected).toBe(true);
    });
  });

  it('a broadcast created on instance A reaches clients on instance B, and only the rooms that may read it', async () => {
    const world = await community();
    const other = await community();
    const adminCookie = await sessionCookie(a.url, world.admin);
    const [resident, owner, admin, neighbour, supplier, otherAdmin, otherResident] = await Promise.all(
      [world.resident, world.owner, world.admin, world.neighbourResident, world.supplier, other.admin, other.resident].map(
        async (user) => track(await connectAs(b.url, user)),
      ),
    );

    const created = await publish(a, adminCookie, world.property.id);
    const received = await resident.next(about(created.id));
    expect(received).toMatchObject({
      type: 'broadcast.created',
      audience: 'property',
      organizationId: world.organization.id,
      propertyId: world.property.id,
      actorId: world.admin.id,
      subjectType: 'broadcast',
      subjectId: created.id,
      payload: { broadcast: created },
    });
    await owner.next(about(created.id));
    await admin.next(about(created.id));
    await caughtUp([neighbour, supplier, otherAdmin, otherResident]);
    for (const client of [neighbour, supplier, otherAdmin, otherResident]) {
      expect(client.events.filter((event) => event.subjectId === created.id)).toEqual([]);
    }
    // Published once (several relays may run: each row is claimed by one).
    expect(resident.events.filter(about(created.id))).toHaveLength(1);
    expect(await db()('events').where({ subjectType: 'broadcast', subjectId: created.id }).whereNull('publishedAt')).toEqual([]);
  });

  it('delivers edits and deletions live, with the broadcast in the payload', async () => {
    const world = await community();
    const cookie = await sessionCookie(a.url, world.admin);
    const resident = track(await connectAs(b.url, world.resident));
    const created = await publish(a, cookie, world.property.id);
    await fetch(`${a.url}/api/broadcasts/${created.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify({ title: 'Emergencia resuelta' }),
    });
    const updated = await resident.next(about(created.id, 'broadcast.updated'));
    expect(updated.payload).toMatchObject({ broadcast: { id: created.id, title: 'Emergencia resuelta' } });
    await fetch(`${a.url}/api/broadcasts/${created.id}`, { method: 'DELETE', headers: { cookie } });
    const deleted = await resident.next(about(created.id, 'broadcast.deleted'));
    expect(deleted.payload).toMatchObject({ broadcast: { id: created.id } });
  });

  it('a client that drops and reconnects gets what it missed (recovered) or refetches the right list', async () => {
    const world = await community();
    const adminCookie = await sessionCookie(a.url, world.admin);
    const residentCookie = await sessionCookie(a.url, world.resident);
    const resident = track(liveClient(b.url, residentCookie, { reconnection: true, reconnectionDelay: 1500, randomizationFactor: 0 }));
    let resyncs = 0;
    resident.socket.on('resync', () => resyncs++);
    await connected(resident);
    // Recovery resumes from the last event the client received (its stream offset).
    const first = await publish(a, adminCookie, world.property.id);
    await resident.next(about(first.id));

    // The network drops; a broadcast is published while the client is away.
    resident.socket.io.engine.close();
    await waitFor(() => !resident.socket.connected, 2000, 'la desconexión');
    const missed = await publish(a, adminCookie, world.property.id);
    await waitFor(
      async () => (await db()('events').where({ subjectId: missed.id }).whereNotNull('publishedAt').first()) ?? false,
      3000,
      'la publicación',
    );
    expect(resident.socket.connected).toBe(false);

    // Back within the recovery window: same session, the missed event is replayed.
    await waitFor(() => resident.socket.connected, 5000, 'la reconexión');
    expect(resident.socket.recovered).toBe(true);
    await resident.next(about(missed.id));
    // Its rooms are the ones it had: what it missed was replayed, nothing to refetch (a resync
    // is sent as it connects, before any later event).
    await caughtUp([resident]);
    expect(resyncs).toBe(0);

    // A client that was not recovered (a new page, or too long away) refetches: the list is right.
    const fresh = track(liveClient(b.url, residentCookie));
    await connected(fresh);
    expect(fresh.socket.recovered).toBe(false);
    const list = await fetch(`${b.url}/api/broadcasts?propertyId=${world.property.id}`, { headers: { cookie: residentCookie } });
    expect((await list.json()).map((broadcast: { id: number }) => broadcast.id)).toContain(missed.id);
  });

  it('tells a recovered client whose user gained a room while away to refetch (that room was not replayed)', async () => {
    const world = await community();
    const adminCookie = await sessionCookie(a.url, world.admin);
    const resident = track(
      liveClient(b.url, await sessionCookie(a.url, world.resident), { reconnection: true, reconnectionDelay: 1500, randomizationFactor: 0 }),
    );
    let resyncs = 0;
    resident.socket.on('resync', () => resyncs++);
    await connected(resident);
    await resident.next(about((await publish(a, adminCookie, world.property.id)).id));

    resident.socket.io.engine.close();
    await waitFor(() => !resident.socket.connected, 2000, 'la desconexión');
    // Away, the resident moves into a second property too, whose notice they miss.
    const unit = await createUnit({ propertyId: world.neighbour.id });
    await Resident.query().insert({ userId: world.resident.id, propertyId: world.neighbour.id, unitId: unit.id });
    const missed = await publish(a, adminCookie, world.neighbour.id);

    await waitFor(() => resident.socket.connected, 5000, 'la reconexión');
    expect(resident.socket.recovered).toBe(true);
    await waitFor(() => resyncs === 1, 3000, 'resync');
    // Refetching finds it; and the room is joined for what comes next.
    const list = await fetch(`${b.url}/api/broadcasts?propertyId=${world.neighbour.id}`, { headers: { cookie: await sessionCookie(a.url, world.resident) } });
    expect((await list.json()).map((broadcast: { id: number }) => broadcast.id)).toContain(missed.id);
    const next = await publish(a, adminCookie, world.neighbour.id);
    await resident.next(about(next.id));
  });

  it('publishes a live event recorded behind a large inbox fan-out before it, not after', async () => {
    const world = await community();
    const resident = track(await connectAs(b.url, world.resident));
    // A notice's inbox events for 1,000 people, then one for the resident (a pass expired).
    const [expired] = await transaction(async (trx) => {
      await recordEvent(
        trx,
        ...Array.from({ length: 1000 }, (_, i) => ({
          type: 'notification.created' as const,
          organizationId: world.organization.id,
          audience: 'user' as const,
          userId: world.neighbourResident.id,
          subject: { type: 'notification', id: i + 1 },
          payload: {},
        })),
      );
      return recordEvent(trx, {
        type: 'visitor.expired',
        organizationId: world.organization.id,
        audience: 'user',
        userId: world.resident.id,
        payload: {},
      });
    });
    await resident.next((event) => event.id === expired);
    // Once all are out: it went in the relay's first batch, ahead of the inbox events before it.
    const inbox = () => db()('events').where({ organizationId: world.organization.id, type: 'notification.created' });
    await waitFor(async () => Number((await inbox().whereNull('publishedAt').count({ n: '*' }).first())!.n) === 0, 10_000, 'los eventos del buzón');
    const first = (await inbox().min({ at: 'publishedAt' }).first())!.at as Date;
    const { publishedAt } = await db()('events').where({ id: expired }).first();
    expect(publishedAt.getTime()).toBeLessThanOrEqual(new Date(first).getTime());
  });

  it('reports relay lag and the worker heartbeat in the health check', async () => {
    const response = await fetch(`${a.url}/api/health`);
    const body = await response.json();
    expect(body).toMatchObject({ database: 'up', redis: 'up', relay: { pending: expect.any(Number) } });
    expect(body.worker).toHaveProperty('status');
    expect(body.worker).toHaveProperty('heartbeatAgeSeconds');
  });
});

/** A TCP proxy to Redis that can be cut and restored: Redis "stops" for the instance behind it. */
async function redisProxy() {
  const target = new URL(inject('redisUrl'));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [
      [socket, upstream],
      [upstream, socket],
    ]) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

describe('while Redis is unavailable', () => {
  it('creating a broadcast still succeeds, and the event arrives once Redis is back', async () => {
    const proxy = await redisProxy();
    const server = await startLiveServer({ prefix: prefix(), redisUrl: proxy.url });
    try {
      const world = await community();
      const cookie = await sessionCookie(server.url, world.admin);
      const resident = track(await connectAs(server.url, world.resident));

      await proxy.stop();
      const created = await publish(server, cookie, world.property.id);
      await sleep(1500);
      expect(resident.events.filter(about(created.id))).toEqual([]);
      const waiting = await db()('events').where({ subjectId: created.id, type: 'broadcast.created' }).first();
      expect(waiting.publishedAt).toBeNull();

      await proxy.start();
      const received = await resident.next(about(created.id), 10_000);
      expect(received.payload).toMatchObject({ broadcast: { id: created.id } });
      // The relay marks the event sent after publishing it: the client may hear it first.
      await waitFor(async () => (await db()('events').where({ id: waiting.id }).first()).publishedAt, 5000, 'el evento marcado como enviado');
    } finally {
      await proxy.start().catch(() => {});
      await server.close();
    }
  });
});
