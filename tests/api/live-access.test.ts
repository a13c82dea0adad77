import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Resident } from '../../server/models';
import type { LiveEvent } from '../../shared/events';
import {
  PASSWORD,
  createOrganization,
  createProperty,
  createResident,
  createStaff,
  createUnit,
  createUser,
  createVisitorPass,
  samplePdf,
  unique,
} from '../support/factories';
import {
  caughtUp,
  clearPrefix,
  connectAs,
  connected,
  livePrefix,
  liveClient,
  sessionCookie,
  startLiveServer,
  waitFor,
  type LiveClient,
  type LiveServer,
} from '../support/live';

/**
 * Live access follows access: when what a user may read changes, their sockets (here on
 * instance B, while the change and the relay run on instance A) leave what they may no longer
 * read, or are refused once the user may not be signed in at all.
 */

let a: LiveServer;
let b: LiveServer;
const prefix = livePrefix();
const clients: LiveClient[] = [];
const track = (client: LiveClient) => (clients.push(client), client);

beforeAll(async () => {
  a = await startLiveServer({ prefix });
  b = await startLiveServer({ prefix, relay: false });
});
afterAll(async () => {
  clients.forEach((client) => client.close());
  await a?.close();
  await b?.close();
  await clearPrefix(prefix);
});

async function call(method: string, path: string, cookie: string, body?: unknown) {
  const response = await fetch(`${a.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function community() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const adminCookie = await sessionCookie(a.url, admin);
  return { organization, admin, property, adminCookie };
}

/** Publishes a notice in the property (instance A); answers its id. */
async function notice(cookie: string, propertyId: number) {
  const created = await call('POST', `/api/properties/${propertyId}/broadcasts`, cookie, {
    title: unique('Aviso'),
    message: 'Mañana no habrá agua de 9:00 a 12:00.',
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const about = (id: number) => (event: LiveEvent) => event.subjectId === id;
const disconnected = (client: LiveClient) => waitFor(() => !client.socket.connected, 5000, 'la desconexión');

/** Waits until `id` reached `receiver` (published), then checks `others` did not get it. */
async function onlyReached(id: number, receiver: LiveClient | null, others: LiveClient[]) {
  if (receiver) await receiver.next(about(id));
  else await waitFor(async () => (await db()('events').where({ subjectId: id }).whereNotNull('publishedAt').first()) ?? false, 5000, 'la publicación');
  await caughtUp(others);
  for (const other of others) expect(other.events.filter(about(id))).toEqual([]);
}

describe('a residence that ends', () => {
  it('disconnects its resident, who is then refused (no residence left)', async () => {
    const { property, adminCookie } = await community();
    const { user, resident } = await createResident({ property });
    const cookie = await sessionCookie(a.url, user);
    const socket = track(liveClient(b.url, cookie));
    await connected(socket);

    expect((await call('POST', `/api/properties/${property.id}/residents/${resident.id}/deactivate`, adminCookie)).status).toBe(200);
    await disconnected(socket);
    await expect(connected(track(liveClient(b.url, cookie)))).rejects.toThrow('unauthorized');
  });

  it('moves a resident who still lives elsewhere out of the property’s room only', async () => {
    const { organization, property, adminCookie } = await community();
    const { user, resident } = await createResident({ property });
    const second = await createProperty({ organizationId: organization.id });
    await Resident.query().insert({ userId: user.id, propertyId: second.id, unitId: (await createUnit({ propertyId: second.id })).id });
    const cookie = await sessionCookie(a.url, user);
    const before = track(liveClient(b.url, cookie));
    await connected(before);

    await call('POST', `/api/properties/${property.id}/residents/${resident.id}/deactivate`, adminCookie);
    await disconnected(before);
    const after = track(liveClient(b.url, cookie));
    await connected(after);
    await onlyReached(await notice(adminCookie, second.id), after, []);
    await onlyReached(await notice(adminCookie, property.id), null, [after]);
  });
});

describe('a property’s owner that changes', () => {
  it('takes the former owner out of the property’s room and brings the new one in', async () => {
    const { organization, property, adminCookie } = await community();
    const former = await createUser({ role: 'Propietario', organizationId: organization.id });
    const next = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: former.id });
    const [formerCookie, nextCookie] = [await sessionCookie(a.url, former), await sessionCookie(a.url, next)];
    const formerSocket = track(liveClient(b.url, formerCookie));
    const nextSocket = track(liveClient(b.url, nextCookie));
    await Promise.all([connected(formerSocket), connected(nextSocket)]);

    expect((await call('PATCH', `/api/properties/${property.id}`, adminCookie, { ownerId: next.id })).status).toBe(200);
    await Promise.all([disconnected(formerSocket), disconnected(nextSocket)]);
    const [formerAgain, nextAgain] = [track(liveClient(b.url, formerCookie)), track(liveClient(b.url, nextCookie))];
    await Promise.all([connected(formerAgain), connected(nextAgain)]);
    await onlyReached(await notice(adminCookie, property.id), nextAgain, [formerAgain]);
  });
});

describe('a unit’s owner that changes (issue 26)', () => {
  it('brings the new owner of one unit into the property’s room and takes the former one out', async () => {
    const { organization, property, adminCookie } = await community();
    const former = await createUser({ role: 'Propietario', organizationId: organization.id });
    const next = await createUser({ role: 'Propietario', organizationId: organization.id });
    const unit = await createUnit({ propertyId: property.id, ownerId: former.id });
    const [formerCookie, nextCookie] = [await sessionCookie(a.url, former), await sessionCookie(a.url, next)];
    const formerSocket = track(liveClient(b.url, formerCookie));
    const nextSocket = track(liveClient(b.url, nextCookie));
    await Promise.all([connected(formerSocket), connected(nextSocket)]);

    expect((await call('PATCH', `/api/units/${unit.id}`, adminCookie, { ownerId: next.id })).status).toBe(200);
    await Promise.all([disconnected(formerSocket), disconnected(nextSocket)]);
    const [formerAgain, nextAgain] = [track(liveClient(b.url, formerCookie)), track(liveClient(b.url, nextCookie))];
    await Promise.all([connected(formerAgain), connected(nextAgain)]);
    await onlyReached(await notice(adminCookie, property.id), nextAgain, [formerAgain]);
  });
});

describe('a host who leaves the unit (issue 26)', () => {
  it('hears nothing more of its visitors: a check-out after they left reaches the desk, not them', async () => {
    const { organization, property, adminCookie } = await community();
    const { user, unit, resident } = await createResident({ property });
    const second = await createProperty({ organizationId: organization.id });
    const [elsewhere] = await db()('residents').insert({ userId: user.id, propertyId: second.id, unitId: (await createUnit({ propertyId: second.id })).id }).returning('id');
    const guard = await createUser({ role: 'Suplidor', organizationId: organization.id });
    await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
    const visitor = await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: user.id });
    const guardCookie = await sessionCookie(a.url, guard);
    expect((await call('POST', `/api/visitors/${visitor.id}/check-in`, guardCookie)).status).toBe(200);
    expect((await call('POST', `/api/properties/${property.id}/residents/${resident.id}/deactivate`, adminCookie)).status).toBe(200);

    const socket = track(liveClient(b.url, await sessionCookie(a.url, user)));
    const desk = track(liveClient(b.url, guardCookie));
    await Promise.all([connected(socket), connected(desk)]);
    expect((await call('POST', `/api/visitors/${visitor.id}/check-out`, guardCookie)).status).toBe(200);
    await desk.next((event) => event.type === 'visitor.checked_out' && event.subjectId === visitor.id);
    // A message to them, written after: once it arrives, an earlier event for them would have too.
    expect((await call('POST', `/api/residents/${elsewhere.id}/messages`, adminCookie, { title: 'Bienvenida', message: 'Bienvenida a su nuevo hogar.' })).status).toBe(201);
    await socket.next((event) => event.type === 'notice.sent');
    expect(socket.events.filter((event) => event.type.startsWith('visitor.'))).toEqual([]);
  });
});

describe('an account waiting for approval', () => {
  it('hears nothing of the organization until approved, then the property’s notices', async () => {
    const { organization, property, adminCookie } = await community();
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    const neighbour = (await createResident({ property })).user;
    const waiting = await createUser({ role: 'Residente', organizationId: organization.id });
    const [request] = await db()('join_requests')
      .insert({ organizationId: organization.id, userId: waiting.id, propertyId: property.id })
      .returning('id');
    const cookie = await sessionCookie(a.url, waiting);
    const socket = track(liveClient(b.url, cookie));
    const [supplierSocket, neighbourSocket] = [track(await connectAs(b.url, supplier)), track(await connectAs(b.url, neighbour))];
    await connected(socket);

    // A notice of the property, and a public document (its members' news, not its suppliers').
    await onlyReached(await notice(adminCookie, property.id), neighbourSocket, [socket, supplierSocket]);
    const uploaded = await call('POST', '/api/documents', adminCookie, {
      title: unique('Reglamento interno'),
      category: 'regulations',
      access: 'public',
      fileType: 'application/pdf',
      fileName: 'reglamento.pdf',
      content: samplePdf().toString('base64'),
    });
    expect(uploaded.status).toBe(201);
    await onlyReached(uploaded.body.id, neighbourSocket, [socket, supplierSocket]);

    const approved = await call('POST', `/api/join-requests/${request.id}/approve`, adminCookie, { propertyId: property.id, unit: '7A', createUnit: true });
    expect(approved.status).toBe(200);
    await disconnected(socket);
    const member = track(liveClient(b.url, cookie));
    await connected(member);
    await onlyReached(await notice(adminCookie, property.id), member, [supplierSocket]);
  });
});

describe('sessions ended by a password change or reset', () => {
  it('a password change ends the other sessions’ sockets and keeps this one’s', async () => {
    const { user } = await createResident();
    const [here, elsewhere] = [await sessionCookie(a.url, user), await sessionCookie(a.url, user)];
    const [hereSocket, elsewhereSocket] = [track(liveClient(b.url, here)), track(liveClient(b.url, elsewhere))];
    await Promise.all([connected(hereSocket), connected(elsewhereSocket)]);

    const changed = await call('PUT', '/api/user/password', here, { currentPassword: PASSWORD, newPassword: 'otra-clave-segura-1' });
    expect(changed.status).toBe(200);
    await disconnected(elsewhereSocket);
    // A server-side disconnect of this session would reach it before a later event.
    await caughtUp([hereSocket]);
    expect(hereSocket.socket.connected).toBe(true);
    await expect(connected(track(liveClient(b.url, elsewhere)))).rejects.toThrow('unauthorized');
  });

  it('an administrator’s reset ends every socket of the account', async () => {
    const { property, adminCookie } = await community();
    const { user } = await createResident({ property });
    const socket = track(await connectAs(b.url, user));
    expect((await call('POST', `/api/users/${user.id}/reset-password`, adminCookie)).status).toBe(200);
    await disconnected(socket);
  });
});
