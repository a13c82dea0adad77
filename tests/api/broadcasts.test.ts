import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Broadcast, Event } from '../../server/models';
import {
  createBroadcast,
  createMaintenanceRequest,
  createOrganization,
  createProperty,
  createResident,
  createUser,
  signedIn,
} from '../support/factories';
import { client, testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

const HOUR = 3600_000;
const valid = (overrides: Record<string, unknown> = {}) => ({
  title: 'Corte de agua',
  message: 'El agua se cortará el martes de 9:00 a 12:00.',
  ...overrides,
});

/** An organization with a property, its administrator, owner, a resident and a supplier with work there. */
async function community() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, ownerId: owner.id });
  const { user: resident } = await createResident({ property });
  const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
  const neighbour = await createProperty({ organizationId: organization.id });
  const { user: neighbourResident } = await createResident({ property: neighbour });
  return { organization, admin, owner, property, resident, supplier, neighbour, neighbourResident };
}

const eventsOf = (broadcastId: number) =>
  Event.query().where({ subjectType: 'broadcast', subjectId: broadcastId }).orderBy('id');

describe('GET /api/broadcasts/:id', () => {
  it('gives administrators any broadcast of their properties, others only an active one they may read', async () => {
    const { admin, property, resident, supplier, neighbourResident } = await community();
    const active = await createBroadcast({ propertyId: property.id });
    const draft = await createBroadcast({ propertyId: property.id, status: 'draft' });
    const read = async (user: typeof admin, id: number) => (await signedIn(user)).get(`/api/broadcasts/${id}`);

    expect((await read(admin, draft.id)).body).toMatchObject({ id: draft.id, status: 'draft', version: 1 });
    expect((await read(resident, active.id)).body).toMatchObject({ id: active.id, title: active.title });
    expect((await read(resident, draft.id)).status).toBe(404);
    expect((await read(neighbourResident, active.id)).status).toBe(404);
    expect((await read(supplier, active.id)).status).toBe(404);
    // The read receipts keep their own path.
    expect((await (await signedIn(admin)).get(`/api/broadcasts/receipts?propertyId=${property.id}`)).status).toBe(200);
  });
});

describe('GET /api/broadcasts', () => {
  it('answers 401 without a session', async () => {
    const response = await (await client()).get('/api/broadcasts?propertyId=1');
    expect(response.status).toBe(401);
  });

  it('requires a valid propertyId', async () => {
    const { admin } = await community();
    const agent = await signedIn(admin);
    const missing = await agent.get('/api/broadcasts');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ propertyId: 'Seleccione una propiedad' });
    const malformed = await agent.get('/api/broadcasts?propertyId=abc&onlyActive=quizas');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ propertyId: 'Valor inválido', onlyActive: 'Valor inválido' });
  });

  it('gives administrators every status, newest first, and only the active ones with onlyActive', async () => {
    const { admin, property } = await community();
    const now = Date.now();
    const old = await createBroadcast({ propertyId: property.id, startDate: new Date(now - 3 * HOUR) });
    const draft = await createBroadcast({ propertyId: property.id, status: 'draft', startDate: new Date(now - 2 * HOUR) });
    const expired = await createBroadcast({ propertyId: property.id, status: 'expired', startDate: new Date(now - HOUR) });
    const agent = await signedIn(admin);

    const all = await agent.get(`/api/broadcasts?propertyId=${property.id}`);
    expect(all.status).toBe(200);
    expect(all.body.map((b: { id: number }) => b.id)).toEqual([expired.id, draft.id, old.id]);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body[2]).toEqual({
      id: old.id,
      title: old.title,
      message: old.message,
      category: 'announcement',
      status: 'active',
      propertyId: property.id,
      createdBy: null,
      startDate: old.startDate.toISOString(),
      endDate: null,
      createdAt: old.createdAt.toISOString(),
      updatedAt: old.updatedAt.toISOString(),
      version: 1,
    });

    const active = await agent.get(`/api/broadcasts?propertyId=${property.id}&onlyActive=true`);
    expect(active.body.map((b: { id: number }) => b.id)).toEqual([old.id]);

    const page = await agent.get(`/api/broadcasts?propertyId=${property.id}&limit=1&offset=1`);
    expect(page.body.map((b: { id: number }) => b.id)).toEqual([draft.id]);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('computes "active" in the query: ended or not yet started broadcasts are not active, even when no job ran', async () => {
    const { admin, resident, owner, property } = await community();
    const now = Date.now();
    const current = await createBroadcast({ propertyId: property.id, endDate: new Date(now + HOUR) });
    // Still marked active, but its end date has passed: no expiry job has run.
    await createBroadcast({ propertyId: property.id, startDate: new Date(now - 2 * HOUR), endDate: new Date(now - 1000) });
    await createBroadcast({ propertyId: property.id, startDate: new Date(now + HOUR) });
    await createBroadcast({ propertyId: property.id, status: 'draft' });

    for (const user of [resident, owner]) {
      // Owners and residents only ever see the active ones, whatever they ask.
      const response = await (await signedIn(user)).get(`/api/broadcasts?propertyId=${property.id}&onlyActive=false`);
      expect(response.status).toBe(200);
      expect(response.body.map((b: { id: number }) => b.id)).toEqual([current.id]);
    }
    const adminActive = await (await signedIn(admin)).get(`/api/broadcasts?propertyId=${property.id}&onlyActive=1`);
    expect(adminActive.body.map((b: { id: number }) => b.id)).toEqual([current.id]);
  });

  it('hides other properties and organizations (404) and refuses suppliers (403)', async () => {
    const { property, neighbourResident, supplier } = await community();
    const stranger = await createUser({ role: 'Administrador' });
    expect((await (await signedIn(stranger)).get(`/api/broadcasts?propertyId=${property.id}`)).status).toBe(404);
    expect((await (await signedIn(neighbourResident)).get(`/api/broadcasts?propertyId=${property.id}`)).status).toBe(404);
    expect((await (await signedIn(supplier)).get(`/api/broadcasts?propertyId=${property.id}`)).status).toBe(403);
    expect((await (await signedIn(stranger)).get('/api/broadcasts?propertyId=999999999')).status).toBe(404);
  });
});

describe('POST /api/properties/:propertyId/broadcasts', () => {
  it('answers 401 without a session', async () => {
    const response = await (await client()).post('/api/properties/1/broadcasts').send(valid());
    expect(response.status).toBe(401);
  });

  it('bounds what its events push to every socket: title 150, message 5,000, only the broadcast fields', async () => {
    const { admin, property } = await community();
    const agent = await signedIn(admin);
    const longest = { title: 'T'.repeat(150), message: 'M'.repeat(5000) };
    const created = await agent.post(`/api/properties/${property.id}/broadcasts`).send(longest);
    expect(created.status).toBe(201);
    for (const tooLong of [{ title: 'T'.repeat(151) }, { message: 'M'.repeat(5001) }]) {
      const refused = await agent.post(`/api/properties/${property.id}/broadcasts`).send({ ...longest, ...tooLong });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ [Object.keys(tooLong)[0]]: 'El texto es demasiado largo' });
      expect((await agent.patch(`/api/broadcasts/${created.body.id}`).send(tooLong)).status).toBe(400);
    }
    const events = await db()('events').where({ subjectType: 'broadcast' }).whereIn('propertyId', [property.id]);
    expect(events.map((event) => event.type)).toEqual(['broadcast.created']);
    expect(Object.keys(events[0].payload)).toEqual(['broadcast']);
    expect(Object.keys(events[0].payload.broadcast).sort()).toEqual(
      ['category', 'createdAt', 'createdBy', 'endDate', 'id', 'message', 'propertyId', 'startDate', 'status', 'title', 'updatedAt', 'version'],
    );
    expect(events[0].payload.broadcast).toMatchObject(longest);
  });

  it('creates with the spec defaults, the caller as author, and records broadcast.created in the same transaction', async () => {
    const { admin, owner, property, organization } = await community();
    const other = await createProperty();
    const before = Date.now();
    const response = await (await signedIn(admin))
      .post(`/api/properties/${property.id}/broadcasts`)
      .send(valid({ createdBy: owner.id, propertyId: other.id, id: 12345 }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: 'Corte de agua',
      message: 'El agua se cortará el martes de 9:00 a 12:00.',
      category: 'announcement',
      status: 'active',
      propertyId: property.id,
      createdBy: admin.id,
      endDate: null,
    });
    expect(response.body.id).not.toBe(12345);
    const start = new Date(response.body.startDate).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() + 1000);

    const [event] = await eventsOf(response.body.id);
    expect(event).toMatchObject({
      type: 'broadcast.created',
      audience: 'property',
      propertyId: property.id,
      organizationId: organization.id,
      actorId: admin.id,
      publishedAt: null,
      payload: { broadcast: response.body },
    });
  });

  it('keeps the given fields', async () => {
    const { admin, property } = await community();
    const body = valid({
      title: '  Fiesta  ',
      category: 'event',
      status: 'draft',
      startDate: '2027-01-10T14:00:00.000Z',
      endDate: '2027-01-10T20:00:00.000Z',
    });
    const response = await (await signedIn(admin)).post(`/api/properties/${property.id}/broadcasts`).send(body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: 'Fiesta',
      category: 'event',
      status: 'draft',
      startDate: '2027-01-10T14:00:00.000Z',
      endDate: '2027-01-10T20:00:00.000Z',
    });
  });

  it.each([
    [{ title: 'ab' }, { title: 'El título debe tener al menos 3 caracteres' }],
    [{ title: '   abc   ' }, {}],
    [{ title: undefined }, { title: 'Este campo es requerido' }],
    [{ message: 'muy corto' }, { message: 'El mensaje debe tener al menos 10 caracteres' }],
    [{ message: undefined }, { message: 'Este campo es requerido' }],
    [{ category: 'urgente' }, { category: 'Categoría de mensaje inválida' }],
    [{ status: 'archived' }, { status: 'Estado de mensaje inválido' }],
    [{ startDate: 'mañana' }, { startDate: 'Fecha inválida' }],
    [{ endDate: 'nunca' }, { endDate: 'Fecha inválida' }],
    [
      { startDate: '2027-03-02T00:00:00Z', endDate: '2027-03-01T00:00:00Z' },
      { endDate: 'La fecha de fin no puede ser anterior a la de inicio' },
    ],
    // Without a start date the broadcast starts now: an end in the past comes before it.
    [{ endDate: '2020-01-01T00:00:00Z' }, { endDate: 'La fecha de fin no puede ser anterior a la de inicio' }],
  ])('validates %j with Spanish field messages and writes nothing', async (overrides, fields) => {
    const { admin, property } = await community();
    const response = await (await signedIn(admin)).post(`/api/properties/${property.id}/broadcasts`).send(valid(overrides));
    if (!Object.keys(fields).length) {
      expect(response.status).toBe(201);
      return;
    }
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'validation_error', fields });
    expect(await Broadcast.query().where({ propertyId: property.id }).resultSize()).toBe(0);
    expect(await Event.query().where({ propertyId: property.id }).resultSize()).toBe(0);
  });

  it('is for the administrators of the property: others 403 (may read) or 404 (may not)', async () => {
    const { property, owner, resident, supplier, neighbourResident } = await community();
    const stranger = await createUser({ role: 'Administrador' });
    for (const [user, status] of [
      [owner, 403],
      [resident, 403],
      [supplier, 403],
      [neighbourResident, 404],
      [stranger, 404],
    ] as const) {
      const response = await (await signedIn(user)).post(`/api/properties/${property.id}/broadcasts`).send(valid());
      expect(response.status, user.role).toBe(status);
    }
    expect(await Broadcast.query().where({ propertyId: property.id }).resultSize()).toBe(0);
  });

  it('answers 404 for an unknown or malformed property id, before reading the body', async () => {
    const { admin } = await community();
    const agent = await signedIn(admin);
    expect((await agent.post('/api/properties/999999999/broadcasts').send(valid())).status).toBe(404);
    expect((await agent.post('/api/properties/abc/broadcasts').send({})).status).toBe(404);
  });

  it('lets the administrator of a master organization publish in a client organization', async () => {
    const master = await createOrganization({ type: 'master' });
    const child = await createOrganization({ parentId: master.id });
    const admin = await createUser({ role: 'Administrador', organizationId: master.id });
    const property = await createProperty({ organizationId: child.id });
    const response = await (await signedIn(admin)).post(`/api/properties/${property.id}/broadcasts`).send(valid());
    expect(response.status).toBe(201);
    const [event] = await eventsOf(response.body.id);
    expect(event.organizationId).toBe(child.id);
  });
});

describe('POST /api/broadcasts (several properties at once)', () => {
  const send = (overrides: Record<string, unknown> = {}) => valid({ category: 'emergency', ...overrides });

  it('answers 401 without a session', async () => {
    const response = await (await client()).post('/api/broadcasts').send(send({ propertyIds: [1] }));
    expect(response.status).toBe(401);
  });

  it('creates one broadcast per property, in the order given, each with its broadcast.created event, in one transaction', async () => {
    const { admin, organization, property, neighbour } = await community();
    const response = await (await signedIn(admin))
      .post('/api/broadcasts')
      .send(send({ propertyIds: [neighbour.id, property.id, neighbour.id], createdBy: 1, propertyId: 1 }));
    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(2);
    expect(response.body.map((b: { propertyId: number }) => b.propertyId)).toEqual([neighbour.id, property.id]);
    for (const broadcast of response.body) {
      expect(broadcast).toMatchObject({ title: 'Corte de agua', category: 'emergency', status: 'active', createdBy: admin.id, endDate: null });
      const [event, ...more] = await eventsOf(broadcast.id);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        type: 'broadcast.created',
        audience: 'property',
        propertyId: broadcast.propertyId,
        organizationId: organization.id,
        actorId: admin.id,
        payload: { broadcast },
      });
    }
    // Both written by the same transaction.
    const rows = await db()('broadcasts').whereIn('id', response.body.map((b: { id: number }) => b.id)).select(db().raw('xmin::text as tx'));
    expect(new Set(rows.map((row) => row.tx)).size).toBe(1);
  });

  it.each([
    [{}, { propertyIds: 'Seleccione una propiedad' }],
    [{ propertyIds: [] }, { propertyIds: 'Seleccione una propiedad' }],
    [{ propertyIds: 'todas' }, { propertyIds: 'Seleccione una propiedad' }],
    [{ propertyIds: [0] }, { 'propertyIds.0': 'Valor inválido' }],
    [{ propertyIds: Array.from({ length: 101 }, (_, i) => i + 1) }, { propertyIds: 'Envíe el mensaje a 100 propiedades como máximo' }],
    [{ propertyIds: 'PROPERTY', title: 'ab' }, { title: 'El título debe tener al menos 3 caracteres' }],
  ])('validates %j with Spanish field messages and writes nothing', async (overrides, fields) => {
    const { admin, property } = await community();
    const body = { ...send(), ...overrides } as Record<string, unknown>;
    if (body.propertyIds === 'PROPERTY') body.propertyIds = [property.id];
    const response = await (await signedIn(admin)).post('/api/broadcasts').send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'validation_error', fields });
    expect(await Broadcast.query().where({ propertyId: property.id }).resultSize()).toBe(0);
  });

  it('is all or nothing: a property out of reach answers 404 and none is created; non-administrators get 403', async () => {
    const { admin, owner, resident, property, neighbour } = await community();
    const foreign = await createProperty();
    const agent = await signedIn(admin);
    for (const propertyIds of [[property.id, foreign.id], [property.id, 999_999_999]]) {
      const response = await agent.post('/api/broadcasts').send(send({ propertyIds }));
      expect(response.status, String(propertyIds)).toBe(404);
    }
    for (const [user, status] of [
      [owner, 403],
      [resident, 403],
    ] as const) {
      const response = await (await signedIn(user)).post('/api/broadcasts').send(send({ propertyIds: [property.id] }));
      expect(response.status, user.role).toBe(status);
    }
    expect(await Broadcast.query().whereIn('propertyId', [property.id, neighbour.id, foreign.id]).resultSize()).toBe(0);
    expect(await Event.query().where({ subjectType: 'broadcast' }).whereIn('propertyId', [property.id, neighbour.id, foreign.id]).resultSize()).toBe(0);
  });

  it('lets the administrator of a master organization send to its own and a client organization\'s properties, each event in its organization', async () => {
    const master = await createOrganization({ type: 'master' });
    const child = await createOrganization({ parentId: master.id });
    const admin = await createUser({ role: 'Administrador', organizationId: master.id });
    const own = await createProperty({ organizationId: master.id });
    const clientProperty = await createProperty({ organizationId: child.id });
    const response = await (await signedIn(admin)).post('/api/broadcasts').send(send({ propertyIds: [own.id, clientProperty.id] }));
    expect(response.status).toBe(201);
    const organizations = [];
    for (const broadcast of response.body) organizations.push((await eventsOf(broadcast.id))[0].organizationId);
    expect(organizations).toEqual([master.id, child.id]);
  });
});

describe('PATCH /api/broadcasts/:id', () => {
  it('changes only the given fields and records broadcast.updated with the new broadcast', async () => {
    const { admin, property } = await community();
    const broadcast = await createBroadcast({ propertyId: property.id, category: 'maintenance' });
    const response = await (await signedIn(admin)).patch(`/api/broadcasts/${broadcast.id}`).send({ title: 'Nuevo título', createdBy: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: broadcast.id, title: 'Nuevo título', message: broadcast.message, category: 'maintenance', createdBy: null });
    const events = await eventsOf(broadcast.id);
    expect(events.map((e) => e.type)).toEqual(['broadcast.updated']);
    expect(events[0].payload).toEqual({ broadcast: response.body });
  });

  it('sets and clears the end date, checked against the stored start date', async () => {
    const { admin, property } = await community();
    const broadcast = await createBroadcast({ propertyId: property.id });
    const agent = await signedIn(admin);
    const before = await agent.patch(`/api/broadcasts/${broadcast.id}`).send({ endDate: new Date(broadcast.startDate.getTime() - 1000).toISOString() });
    expect(before.status).toBe(400);
    expect(before.body.fields).toEqual({ endDate: 'La fecha de fin no puede ser anterior a la de inicio' });
    expect(await eventsOf(broadcast.id)).toHaveLength(0);

    const end = new Date(Date.now() + HOUR).toISOString();
    expect((await agent.patch(`/api/broadcasts/${broadcast.id}`).send({ endDate: end })).body.endDate).toBe(end);
    expect((await agent.patch(`/api/broadcasts/${broadcast.id}`).send({ endDate: null })).body.endDate).toBeNull();
    const invalid = await agent.patch(`/api/broadcasts/${broadcast.id}`).send({ title: 'x', status: 'gone' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ title: 'El título debe tener al menos 3 caracteres', status: 'Estado de mensaje inválido' });
  });

  it('is refused to non-administrators (403 when they see it, 404 when they do not) and across organizations', async () => {
    const { property, resident, owner, supplier } = await community();
    const active = await createBroadcast({ propertyId: property.id });
    const draft = await createBroadcast({ propertyId: property.id, status: 'draft' });
    const stranger = await createUser({ role: 'Administrador' });
    const cases = [
      [resident, active, 403],
      [owner, active, 403],
      [resident, draft, 404], // a resident never sees drafts
      [supplier, active, 404],
      [stranger, active, 404],
    ] as const;
    for (const [user, broadcast, status] of cases) {
      const response = await (await signedIn(user)).patch(`/api/broadcasts/${broadcast.id}`).send({ title: 'Cambiado' });
      expect(response.status, `${user.role} ${broadcast.status}`).toBe(status);
    }
    expect((await Broadcast.query().findById(active.id))!.title).toBe(active.title);
    const malformed = await (await signedIn(stranger)).patch('/api/broadcasts/1.5').send({});
    expect(malformed.status).toBe(404);
  });
});

describe('DELETE /api/broadcasts/:id', () => {
  it('deletes (204) and records broadcast.deleted carrying the broadcast', async () => {
    const { admin, property } = await community();
    const broadcast = await createBroadcast({ propertyId: property.id });
    const response = await (await signedIn(admin)).delete(`/api/broadcasts/${broadcast.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await Broadcast.query().findById(broadcast.id)).toBeUndefined();
    const [event] = await eventsOf(broadcast.id);
    expect(event).toMatchObject({ type: 'broadcast.deleted', propertyId: property.id, payload: { broadcast: { id: broadcast.id } } });
  });

  it('is refused to residents (403) and other organizations (404)', async () => {
    const { property, resident } = await community();
    const broadcast = await createBroadcast({ propertyId: property.id });
    const stranger = await createUser({ role: 'Administrador' });
    expect((await (await signedIn(resident)).delete(`/api/broadcasts/${broadcast.id}`)).status).toBe(403);
    expect((await (await signedIn(stranger)).delete(`/api/broadcasts/${broadcast.id}`)).status).toBe(404);
    expect((await (await client()).delete(`/api/broadcasts/${broadcast.id}`)).status).toBe(401);
    expect(await Broadcast.query().findById(broadcast.id)).toBeDefined();
    expect(await db()('events').where({ subjectType: 'broadcast', subjectId: broadcast.id }).first()).toBeUndefined();
  });
});
