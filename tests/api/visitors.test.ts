import { beforeAll, describe, expect, it } from 'vitest';
import { anonymiseVisitors, expireVisitors, refusalOf } from '../../server/commands/visitors';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { User } from '../../server/models';
import { ACCESS_CODE_ALPHABET } from '../../shared/access-codes';
import { ANONYMISED_NAME } from '../../shared/schemas/visitors';
import {
  createOrganization,
  createProperty,
  createResident,
  createStaff,
  createUser,
  createVisitorPass,
  signedIn,
} from '../support/factories';
import { client, testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

/**
 * A tower: its administrator, a resident of `unit` (the host), a neighbour in another unit, a
 * security supplier working its desk, a maintenance supplier, and a security supplier of
 * another tower of the same organization.
 */
async function tower() {
  const organization = await createOrganization();
  const organizationId = organization.id;
  const admin = await createUser({ role: 'Administrador', organizationId });
  const property = await createProperty({ organizationId, name: 'Torre Piantini' });
  const { user: host, unit } = await createResident({ property, user: { name: 'Ana', lastName: 'Alba' } });
  const { user: neighbour, unit: neighbourUnit } = await createResident({ property });
  const guard = await createUser({ role: 'Suplidor', organizationId, name: 'Julio', lastName: 'Guardia' });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  const plumber = await createUser({ role: 'Suplidor', organizationId });
  await createStaff({ propertyId: property.id, userId: plumber.id, service: 'maintenance' });
  const otherProperty = await createProperty({ organizationId });
  const otherGuard = await createUser({ role: 'Suplidor', organizationId });
  await createStaff({ propertyId: otherProperty.id, userId: otherGuard.id, service: 'security' });
  return { organization, admin, property, host, unit, neighbour, neighbourUnit, guard, plumber, otherProperty, otherGuard };
}
type Tower = Awaited<ReturnType<typeof tower>>;

const as = (user: User) => signedIn(user);
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const pass = (t: Tower, overrides: Record<string, unknown> = {}) =>
  createVisitorPass({ propertyId: t.property.id, unitId: t.unit.id, hostId: t.host.id, ...overrides });
const lookup = async (user: User, propertyId: number, code: string) =>
  (await (await as(user)).post('/api/desk/lookup').send({ propertyId, code })).body;

describe('without a session', () => {
  it('answers 401 on every signed-in route', async () => {
    const agent = await client();
    for (const [method, path] of [
      ['get', '/api/visitors'],
      ['get', '/api/visitors/summary'],
      ['post', '/api/visitors'],
      ['patch', '/api/visitors/1'],
      ['post', '/api/visitors/1/check-in'],
      ['post', '/api/desk/lookup'],
      ['post', '/api/desk/walk-ins'],
      ['post', '/api/visitors/1/decision'],
    ] as const) {
      expect((await agent[method](path).send({})).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('POST /api/visitors', () => {
  it('gives a host a one-time pass for their unit: an 8-character code without look-alikes, a long random token, events', async () => {
    const t = await tower();
    const response = await (await as(t.host)).post('/api/visitors').send({
      propertyId: t.property.id,
      unitId: t.unit.id,
      name: 'Laura Sánchez',
      phone: '829-555-0133',
      visitType: 'guest',
      expectedArrival: inHours(1),
      vehiclePlate: 'a123456',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'scheduled', passKind: 'one-time', maxUses: 1, vehiclePlate: 'A123456', unitNumber: t.unit.unitNumber, host: { id: t.host.id } });
    expect(response.body.accessCode).toMatch(new RegExp(`^[${ACCESS_CODE_ALPHABET}]{8}$`));
    expect(response.body.accessCode).not.toMatch(/[01OIL5S2Z8B]/);
    expect(Buffer.from(response.body.passToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(response.body.actions).toEqual(expect.arrayContaining(['edit', 'cancel', 'share']));
    const events = await db()('events').where({ subjectType: 'visitor', subjectId: response.body.id });
    expect(events.map((e) => [e.type, e.audience, e.userId])).toEqual(
      expect.arrayContaining([['visitor.created', 'administrators', null], ['visitor.created', 'user', t.host.id], ['visitor.created', 'user', t.guard.id]]),
    );
  });

  it('refuses another unit (403), another organization (404), suppliers (403) and bad input (400)', async () => {
    const t = await tower();
    const host = await as(t.host);
    const body = { propertyId: t.property.id, unitId: t.neighbourUnit.id, name: 'Intruso', expectedArrival: inHours(1) };
    expect((await host.post('/api/visitors').send(body)).status).toBe(403);
    const stranger = await tower();
    expect((await host.post('/api/visitors').send({ ...body, propertyId: stranger.property.id, unitId: stranger.unit.id })).status).toBe(404);
    expect((await (await as(t.guard)).post('/api/visitors').send({ ...body, unitId: t.unit.id })).status).toBe(403);
    const bad = await host.post('/api/visitors').send({ propertyId: t.property.id, unitId: t.unit.id, name: '', expectedArrival: 'mañana', recurrence: { until: '2020-01-01', weekdays: [0, 9] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['name', 'expectedArrival']));
  });

  it('lets the owner of a unit (not of the building) register visitors for it, and only for it (issue 26)', async () => {
    const t = await tower();
    const owner = await createUser({ role: 'Propietario', organizationId: t.organization.id });
    await db()('units').where({ id: t.unit.id }).update({ ownerId: owner.id });
    const agent = await as(owner);
    expect((await agent.get(`/api/visitors/units?propertyId=${t.property.id}`)).body).toEqual([{ id: t.unit.id, unitNumber: t.unit.unitNumber }]);
    const body = { propertyId: t.property.id, unitId: t.unit.id, name: 'Electricista', visitType: 'service', expectedArrival: inHours(1) };
    const created = await agent.post('/api/visitors').send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ host: { id: owner.id }, actions: expect.arrayContaining(['edit', 'cancel', 'share']) });
    expect((await agent.post('/api/visitors').send({ ...body, unitId: t.neighbourUnit.id })).status).toBe(403);
  });

  it('lets an administrator register for any unit; the unit’s resident hosts it', async () => {
    const t = await tower();
    const response = await (await as(t.admin)).post('/api/visitors').send({ propertyId: t.property.id, unitId: t.neighbourUnit.id, name: 'Técnico de Claro', visitType: 'service', expectedArrival: inHours(2) });
    expect(response.status).toBe(201);
    expect(response.body.host.id).toBe(t.neighbour.id);
  });
});

describe('reading passes', () => {
  it('scopes hosts to their units, the desk to its properties, and never crosses organizations', async () => {
    const t = await tower();
    const mine = await pass(t, { name: 'Visita de Ana' });
    const theirs = await pass(t, { unitId: t.neighbourUnit.id, hostId: t.neighbour.id, name: 'Visita del vecino' });
    const host = await as(t.host);
    const list = await host.get('/api/visitors');
    expect(list.body.map((v: { id: number }) => v.id)).toEqual([mine.id]);
    expect((await host.get(`/api/visitors/${theirs.id}`)).status).toBe(404);
    expect((await host.patch(`/api/visitors/${theirs.id}`).send({ status: 'cancelled' })).status).toBe(404);
    const guardList = await (await as(t.guard)).get(`/api/visitors?propertyId=${t.property.id}`);
    expect(guardList.body).toHaveLength(2);
    expect(guardList.body[0].accessCode).toBeNull();
    expect((await (await as(t.otherGuard)).get('/api/visitors')).body).toEqual([]);
    const stranger = await tower();
    expect((await (await as(stranger.admin)).get(`/api/visitors/${mine.id}`)).status).toBe(404);
  });

  it('summarises today, upcoming, this week and inside now', async () => {
    const t = await tower();
    await pass(t);
    await pass(t, { validFrom: new Date(Date.now() + 3 * 86_400_000), validTo: new Date(Date.now() + 3.2 * 86_400_000) });
    const inside = await pass(t);
    const guard = await as(t.guard);
    await guard.post(`/api/visitors/${inside.id}/check-in`);
    const summary = await (await as(t.admin)).get(`/api/visitors/summary?propertyId=${t.property.id}`);
    expect(summary.body).toEqual({ today: 2, upcoming: 1, thisWeek: 3, insideNow: 1 });
  });

  it('exports CSV for administrators only', async () => {
    const t = await tower();
    await pass(t, { name: '=HYPERLINK("x")' });
    const csv = await (await as(t.admin)).get('/api/visitors/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Visitante');
    expect(csv.text).toContain(`'=HYPERLINK`);
    expect((await (await as(t.host)).get('/api/visitors/export.csv')).status).toBe(403);
  });
});

describe('the visitors export in English', () => {
  it('has English headers and words for an English-speaking administrator', async () => {
    const t = await tower();
    await pass(t, { name: 'Laura Sánchez' });
    await User.query().findById(t.admin.id).patch({ language: 'en' });
    const csv = await (await as(t.admin)).get('/api/visitors/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="visitors-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, row] = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(header).toBe('ID,Visitor,Phone,Email,Property,Unit,Host,Type,Pass,Status,Valid from,Valid to,Entry,Entry recorded by,Exit,Exit recorded by,Plate,Entries');
    expect(row).toContain(',Guest,One-time,Scheduled,');
  });
});

describe('the public pass', () => {
  it('shows only the first name, building, validity, status and code; the QR is an SVG', async () => {
    const t = await tower();
    const created = await pass(t, { name: 'Laura Sánchez', phone: '829-555-0133', vehiclePlate: 'A999', notes: 'Secreto de la nota' });
    const agent = await client();
    const response = await agent.get(`/api/passes/${created.passToken}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['accessCode', 'firstName', 'propertyName', 'status', 'validFrom', 'validTo', 'weekdays']);
    expect(response.body).toMatchObject({ firstName: 'Laura', propertyName: 'Torre Piantini', status: 'scheduled', accessCode: created.accessCode });
    expect(response.text).not.toMatch(/Sánchez|829|A999|Secreto|Alba/);
    const qr = await agent.get(`/api/passes/${created.passToken}/qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(String(qr.body)).toContain('<svg');
  });

});

describe('the desk', () => {
  it('accepts a valid code (typed with dashes and lower case) and shows visitor, host, unit and plate', async () => {
    const t = await tower();
    const created = await pass(t, { vehiclePlate: 'G123456' });
    const typed = `${created.accessCode.slice(0, 4).toLowerCase()}-${created.accessCode.slice(4)}`;
    const verdict = await lookup(t.guard, t.property.id, typed);
    expect(verdict).toMatchObject({ valid: true, visitor: { id: created.id, name: 'Laura Sánchez', host: { name: 'Ana Alba' }, unitNumber: t.unit.unitNumber, vehiclePlate: 'G123456' } });
  });

  it('gives a reason for every refusal', async () => {
    const t = await tower();
    const day = 86_400_000;
    const cancelled = await pass(t, { status: 'cancelled' });
    const expired = await pass(t, { validFrom: new Date(Date.now() - 3 * day), validTo: new Date(Date.now() - 2 * day) });
    const later = await pass(t, { validFrom: new Date(Date.now() + 3 * day), validTo: new Date(Date.now() + 4 * day) });
    const used = await pass(t, { status: 'checked-out', uses: 1 });
    const blocked = await pass(t, { name: 'José Pérez' });
    await db()('visitor_blocks').insert({ propertyId: t.property.id, unitId: t.unit.id, name: 'jose perez', createdById: t.host.id });
    const elsewhere = await createVisitorPass({ propertyId: t.otherProperty.id, unitId: (await createResident({ property: t.otherProperty })).unit.id, hostId: t.host.id });
    const reasons = async (code: string) => (await lookup(t.admin, t.property.id, code)).reason;
    expect(await reasons('ZZZZZZZZ')).toBe('unknown');
    expect(await reasons(elsewhere.accessCode)).toBe('unknown');
    expect(await reasons(cancelled.accessCode)).toBe('cancelled');
    expect(await reasons(expired.accessCode)).toBe('expired');
    expect(await reasons(later.accessCode)).toBe('not_today');
    expect(await reasons(used.accessCode)).toBe('already_used');
    expect(await reasons(blocked.accessCode)).toBe('do_not_admit');
    // Check-in refuses the same way.
    const refused = await (await as(t.guard)).post(`/api/visitors/${blocked.id}/check-in`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('do_not_admit');
  });

  it('takes recurring passes only on their weekdays and dates, by Santo Domingo time', () => {
    const nanny = {
      status: 'scheduled' as const,
      validFrom: new Date('2026-12-07T12:00:00Z'), // Monday 8:00 in Santo Domingo
      validTo: new Date('2026-12-19T03:59:59.999Z'), // end of Friday 18 December there
      weekdays: [1, 2, 3, 4, 5],
      maxUses: null,
      uses: 7,
      inside: false,
    };
    // Saturday 01:00 UTC is still Friday 21:00 in Santo Domingo.
    expect(refusalOf(nanny, false, new Date('2026-12-12T01:00:00Z'))).toBeNull();
    // Saturday 05:00 UTC is Saturday 01:00 there.
    expect(refusalOf(nanny, false, new Date('2026-12-12T05:00:00Z'))).toBe('not_today');
    // Monday 03:00 UTC is still Sunday there.
    expect(refusalOf(nanny, false, new Date('2026-12-14T03:00:00Z'))).toBe('not_today');
    expect(refusalOf(nanny, false, new Date('2026-12-14T12:00:00Z'))).toBeNull();
    // Before its first day, and after its last.
    expect(refusalOf(nanny, false, new Date('2026-12-04T15:00:00Z'))).toBe('not_today');
    expect(refusalOf(nanny, false, new Date('2026-12-21T15:00:00Z'))).toBe('expired');
  });

  it('lets a recurring pass in again after check-out, and refuses a one-time pass on second use', async () => {
    const t = await tower();
    const guard = await as(t.guard);
    const once = await pass(t);
    expect((await guard.post(`/api/visitors/${once.id}/check-in`)).body).toMatchObject({ status: 'checked-in', inside: true, checkedInBy: 'Julio Guardia' });
    expect((await guard.post(`/api/visitors/${once.id}/check-in`)).status).toBe(409);
    expect((await guard.post(`/api/visitors/${once.id}/check-out`)).body).toMatchObject({ status: 'checked-out', inside: false, checkedOutBy: 'Julio Guardia' });
    expect((await lookup(t.guard, t.property.id, once.accessCode)).reason).toBe('already_used');
    expect((await guard.post(`/api/visitors/${once.id}/check-in`)).body.error).toBe('already_used');

    const allWeek = await pass(t, { passKind: 'recurring', weekdays: [1, 2, 3, 4, 5, 6, 7], maxUses: null, validTo: new Date(Date.now() + 30 * 86_400_000) });
    for (let i = 0; i < 2; i++) {
      expect((await guard.post(`/api/visitors/${allWeek.id}/check-in`)).status).toBe(200);
      expect((await guard.post(`/api/visitors/${allWeek.id}/check-out`)).body.status).toBe('scheduled');
    }
    expect(await db()('visits').where({ visitorId: allWeek.id }).count('* as count').first()).toEqual({ count: 2 });
  });

  it('lets administrators and the property’s security staff check in; not a resident nor other suppliers', async () => {
    const t = await tower();
    const created = await pass(t);
    expect((await (await as(t.host)).post(`/api/visitors/${created.id}/check-in`)).status).toBe(403);
    expect((await (await as(t.otherGuard)).post(`/api/visitors/${created.id}/check-in`)).status).toBe(404);
    expect((await (await as(t.plumber)).post(`/api/visitors/${created.id}/check-in`)).status).toBe(404);
    expect((await (await as(t.otherGuard)).post('/api/desk/lookup').send({ propertyId: t.property.id, code: created.accessCode })).status).toBe(404);
    expect((await (await as(t.host)).post('/api/desk/lookup').send({ propertyId: t.property.id, code: created.accessCode })).status).toBe(403);
    const checkedIn = await (await as(t.guard)).post(`/api/visitors/${created.id}/check-in`);
    expect(checkedIn.status).toBe(200);
    const told = await db()('events').where({ type: 'visitor.checked_in', subjectId: created.id, audience: 'user', userId: t.host.id });
    expect(told).toHaveLength(1);
    expect((await (await as(t.admin)).post(`/api/visitors/${created.id}/check-out`)).status).toBe(200);
  });

  it('lists today’s expected visitors, walk-ins waiting and who is inside', async () => {
    const t = await tower();
    const expected = await pass(t);
    const inside = await pass(t);
    const guard = await as(t.guard);
    await guard.post(`/api/visitors/${inside.id}/check-in`);
    const today = await guard.get(`/api/desk/today?propertyId=${t.property.id}`);
    expect(today.body.expected.map((v: { id: number }) => v.id)).toEqual([expected.id]);
    expect(today.body.inside.map((v: { id: number }) => v.id)).toEqual([inside.id]);
    expect((await guard.get('/api/desk/properties')).body).toEqual([{ id: t.property.id, name: 'Torre Piantini' }]);
  });
});

describe('walk-ins', () => {
  const walkIn = async (t: Tower) => {
    const response = await (await as(t.guard)).post('/api/desk/walk-ins').send({ propertyId: t.property.id, unitId: t.unit.id, name: 'Pedro Mensajero', visitType: 'delivery' });
    expect(response.status).toBe(201);
    return response.body as { id: number; status: string; decisionDueAt: string };
  };

  it('asks the host live; allowed, the desk checks them in', async () => {
    const t = await tower();
    const asked = await walkIn(t);
    expect(asked.status).toBe('pending');
    expect(Date.parse(asked.decisionDueAt) - Date.now()).toBeGreaterThan(170_000);
    expect(await db()('events').where({ type: 'visitor.walk_in_requested', subjectId: asked.id, audience: 'user', userId: t.host.id })).toHaveLength(1);
    expect((await (await as(t.neighbour)).post(`/api/visitors/${asked.id}/decision`).send({ allow: true })).status).toBe(404);
    const allowed = await (await as(t.host)).post(`/api/visitors/${asked.id}/decision`).send({ allow: true });
    expect(allowed.body.status).toBe('scheduled');
    expect(await db()('events').where({ type: 'visitor.walk_in_decided', subjectId: asked.id, audience: 'user', userId: t.guard.id })).toHaveLength(1);
    expect((await (await as(t.guard)).post(`/api/visitors/${asked.id}/check-in`)).body.status).toBe('checked-in');
  });

  it('denied, the desk is told and cannot check them in', async () => {
    const t = await tower();
    const asked = await walkIn(t);
    expect((await (await as(t.host)).post(`/api/visitors/${asked.id}/decision`).send({ allow: false })).body.status).toBe('denied');
    expect((await (await as(t.guard)).post(`/api/visitors/${asked.id}/check-in`)).body.error).toBe('cancelled');
    expect((await (await as(t.host)).post(`/api/visitors/${asked.id}/decision`).send({ allow: true })).status).toBe(409);
  });

  it('times out after 3 minutes: the desk is told to call, a late answer is refused', async () => {
    const t = await tower();
    const asked = await walkIn(t);
    expect(await transaction((trx) => expireVisitors(trx, { visitorId: asked.id }))).toEqual([]);
    await db()('visitors').where({ id: asked.id }).update({ decisionDueAt: new Date(Date.now() - 1000) });
    const closed = await transaction((trx) => expireVisitors(trx, { visitorId: asked.id }));
    expect(closed.map((row) => row.status)).toEqual(['expired']);
    expect(await transaction((trx) => expireVisitors(trx, { visitorId: asked.id }))).toEqual([]);
    expect(await db()('events').where({ type: 'visitor.walk_in_timed_out', subjectId: asked.id, audience: 'user', userId: t.guard.id })).toHaveLength(1);
    expect((await (await as(t.host)).post(`/api/visitors/${asked.id}/decision`).send({ allow: true })).status).toBe(409);
  });

  it('refuses a unit without anyone to ask', async () => {
    const t = await tower();
    const [empty] = await db()('units').insert({ propertyId: t.property.id, unitNumber: 'Vacía' }).returning('id');
    const response = await (await as(t.guard)).post('/api/desk/walk-ins').send({ propertyId: t.property.id, unitId: empty.id, name: 'Nadie' });
    expect(response.status).toBe(409);
  });
});

describe('editing and cancelling', () => {
  it('lets the host edit and cancel a scheduled pass; cancelled, the desk refuses it', async () => {
    const t = await tower();
    const host = await as(t.host);
    const created = (await host.post('/api/visitors').send({ propertyId: t.property.id, unitId: t.unit.id, name: 'Niñera Rosa', expectedArrival: inHours(1), recurrence: { until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), weekdays: [5, 1, 2, 3, 4] } })).body;
    expect(created).toMatchObject({ passKind: 'recurring', weekdays: [1, 2, 3, 4, 5], maxUses: null });
    const edited = await host.patch(`/api/visitors/${created.id}`).send({ name: 'Rosa Pérez', version: created.version });
    expect(edited.body.name).toBe('Rosa Pérez');
    expect((await host.patch(`/api/visitors/${created.id}`).send({ name: 'Otra', version: created.version })).status).toBe(409);
    const cancelled = await host.patch(`/api/visitors/${created.id}`).send({ status: 'cancelled', cancelledReason: 'Ya no viene' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledReason: 'Ya no viene', actions: [] });
    expect((await lookup(t.guard, t.property.id, created.accessCode)).reason).toBe('cancelled');
    expect((await (await client()).get(`/api/passes/${created.passToken}`)).body.status).toBe('cancelled');
  });
});

describe('do not admit', () => {
  it('lets a host list names for their unit only; the desk reads them', async () => {
    const t = await tower();
    const host = await as(t.host);
    const added = await host.post('/api/visitors/do-not-admit').send({ propertyId: t.property.id, unitId: t.unit.id, name: 'Carlos Ex', reason: 'Orden de alejamiento' });
    expect(added.status).toBe(201);
    expect((await host.post('/api/visitors/do-not-admit').send({ propertyId: t.property.id, unitId: t.neighbourUnit.id, name: 'Otro' })).status).toBe(403);
    expect((await (await as(t.neighbour)).get('/api/visitors/do-not-admit')).body).toEqual([]);
    expect((await (await as(t.guard)).get('/api/visitors/do-not-admit')).body.map((b: { name: string }) => b.name)).toEqual(['Carlos Ex']);
    expect((await (await as(t.neighbour)).delete(`/api/visitors/do-not-admit/${added.body.id}`)).status).toBe(404);
    expect((await host.delete(`/api/visitors/do-not-admit/${added.body.id}`)).status).toBe(204);
  });
});

describe('retention (Ley 172-13)', () => {
  it('anonymises personal data after the organization’s period; counts stay; live passes are kept', async () => {
    const t = await tower();
    const day = 86_400_000;
    const old = await pass(t, { status: 'checked-out', uses: 1, phone: '809-555-0101', email: 'laura@correo.do', vehiclePlate: 'A1', checkOutTime: new Date(Date.now() - 200 * day), validTo: new Date(Date.now() - 200 * day), validFrom: new Date(Date.now() - 201 * day) });
    await db()('visits').insert({ visitorId: old.id, propertyId: t.property.id, checkedInAt: new Date(Date.now() - 200 * day), checkedOutAt: new Date(Date.now() - 200 * day) });
    const recent = await pass(t, { status: 'checked-out', uses: 1, checkOutTime: new Date(Date.now() - 100 * day), validTo: new Date(Date.now() - 100 * day), validFrom: new Date(Date.now() - 101 * day) });
    const live = await pass(t, { passKind: 'recurring', maxUses: null, weekdays: [1, 2, 3, 4, 5, 6, 7], validFrom: new Date(Date.now() - 300 * day) });

    await transaction((trx) => anonymiseVisitors(trx));
    const rows = await db()('visitors').whereIn('id', [old.id, recent.id, live.id]).orderBy('id');
    expect(rows[0]).toMatchObject({ name: ANONYMISED_NAME, phone: null, email: null, vehiclePlate: null, passToken: null });
    expect(rows[0].anonymizedAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ name: 'Laura Sánchez', anonymizedAt: null });
    expect(rows[2]).toMatchObject({ name: 'Laura Sánchez', anonymizedAt: null });
    expect(await db()('visits').where({ visitorId: old.id })).toHaveLength(1);

    // A shorter period set by the organization reaches the recent one too; twice changes nothing more.
    const admin = await as(t.admin);
    expect((await admin.put('/api/visitors/settings').send({ retentionDays: 90 })).body).toEqual({ retentionDays: 90 });
    expect((await admin.put('/api/visitors/settings').send({ retentionDays: 5 })).status).toBe(400);
    expect(await transaction((trx) => anonymiseVisitors(trx))).toBeGreaterThanOrEqual(1);
    expect((await db()('visitors').where({ id: recent.id }).first()).name).toBe(ANONYMISED_NAME);
    const again = await db()('events').where({ type: 'visitors.anonymised', organizationId: t.organization.id });
    expect(again.map((e) => e.payload.count)).toEqual([1, 1]);
  });
});

describe('a host who leaves the unit (issue 26)', () => {
  it('loses their passes: cancelled in the same step, refused at the desk with the reason, out of their reach and out of earshot', async () => {
    const t = await tower();
    const hostAgent = await as(t.host);
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const nanny = (await hostAgent.post('/api/visitors').send({ propertyId: t.property.id, unitId: t.unit.id, name: 'Niñera Rosa', expectedArrival: inHours(1), recurrence: { until, weekdays: [1, 2, 3, 4, 5, 6, 7] } })).body;
    const guard = await as(t.guard);
    const plumber = await pass(t, { name: 'Plomero Juan' });
    expect((await guard.post(`/api/visitors/${plumber.id}/check-in`)).status).toBe(200);
    const neighbours = await pass(t, { unitId: t.neighbourUnit.id, hostId: t.neighbour.id });

    // The administrator moves them to another tower: a residence there, this one ended.
    const admin = await as(t.admin);
    const residence = await db()('residents').where({ userId: t.host.id, propertyId: t.property.id }).first();
    expect((await admin.post(`/api/properties/${t.otherProperty.id}/residents`).send({ name: 'Ana', lastName: 'Alba', username: t.host.username, unit: '9Z', createUnit: true })).status).toBe(201);
    expect((await admin.post(`/api/properties/${t.property.id}/residents/${residence.id}/deactivate`)).status).toBe(200);

    // Still signed in (they live elsewhere), they reach none of the unit's passes.
    expect((await hostAgent.get(`/api/visitors/${nanny.id}`)).status).toBe(404);
    const longer = new Date(Date.now() + 360 * 86_400_000).toISOString().slice(0, 10);
    expect((await hostAgent.patch(`/api/visitors/${nanny.id}`).send({ name: 'Rosa', recurrence: { until: longer, weekdays: [1, 2, 3, 4, 5, 6, 7] }, version: nanny.version })).status).toBe(404);
    expect((await hostAgent.get('/api/visitors')).body).toEqual([]);
    expect((await hostAgent.get(`/api/visitors/units?propertyId=${t.property.id}`)).status).toBe(404);

    // The desk refuses the code, saying why; a neighbour's pass is untouched.
    expect(await lookup(t.guard, t.property.id, nanny.accessCode)).toMatchObject({ valid: false, reason: 'host_left', visitor: { status: 'cancelled' } });
    expect((await guard.post(`/api/visitors/${nanny.id}/check-in`)).body).toMatchObject({ error: 'host_left', message: 'El anfitrión ya no reside en la unidad' });
    expect(await lookup(t.guard, t.property.id, neighbours.accessCode)).toMatchObject({ valid: true });
    const cancelled = await db()('events').where({ type: 'visitor.cancelled', subjectId: nanny.id });
    expect(cancelled.map((e) => e.audience)).toContain('administrators');
    expect(cancelled.map((e) => e.userId)).not.toContain(t.host.id);

    // The plumber, inside when they left, goes out: the desk checks him out; the former host is not told.
    const out = await guard.post(`/api/visitors/${plumber.id}/check-out`);
    expect(out.body).toMatchObject({ status: 'cancelled', inside: false });
    const told = await db()('events').where({ type: 'visitor.checked_out', subjectId: plumber.id });
    expect(told.map((e) => e.userId)).toEqual(expect.arrayContaining([null, t.guard.id]));
    expect(told.map((e) => e.userId)).not.toContain(t.host.id);
  });
});

describe('revoking a pass link (issue 26)', () => {
  it('changes the code too: the desk no longer knows the one shown on the revoked page', async () => {
    const t = await tower();
    const host = await as(t.host);
    // Arriving now: valid today at any hour (an hour from now is tomorrow after 23:00 in Santo Domingo).
    const created = (await host.post('/api/visitors').send({ propertyId: t.property.id, unitId: t.unit.id, name: 'Laura Sánchez', expectedArrival: inHours(0) })).body;
    const revoked = await host.patch(`/api/visitors/${created.id}`).send({ revokeLink: true, version: created.version });
    expect(revoked.status).toBe(200);
    expect(revoked.body.passToken).not.toBe(created.passToken);
    expect(revoked.body.accessCode).not.toBe(created.accessCode);
    expect(await lookup(t.guard, t.property.id, created.accessCode)).toEqual({ valid: false, reason: 'unknown' });
    expect(await lookup(t.guard, t.property.id, revoked.body.accessCode)).toMatchObject({ valid: true, visitor: { id: created.id } });
  });
});

describe('simultaneous check-outs (issue 26)', () => {
  it('five at once: one wins, the other four answer 409, one event', async () => {
    const t = await tower();
    const created = await pass(t);
    const guards = await Promise.all(Array.from({ length: 5 }, () => as(t.guard)));
    expect((await guards[0].post(`/api/visitors/${created.id}/check-in`)).status).toBe(200);
    const answers = await Promise.all(guards.map((guard) => guard.post(`/api/visitors/${created.id}/check-out`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.error)).toEqual(Array(4).fill('not_inside'));
    expect(await db()('events').where({ type: 'visitor.checked_out', subjectId: created.id, audience: 'administrators' })).toHaveLength(1);
    expect(await db()('visits').where({ visitorId: created.id })).toMatchObject([{ checkedOutById: t.guard.id }]);
  });
});

// Last: the guessing limit blocks this file's IP for the rest of its run.
describe('guessing pass links', () => {
  it('answers 404 to a guessed token and a revoked link, and limits guessing to a few tries', async () => {
    const t = await tower();
    const created = await pass(t);
    const host = await as(t.host);
    await host.patch(`/api/visitors/${created.id}`).send({ revokeLink: true });
    const agent = await client();
    expect((await agent.get(`/api/passes/${created.passToken}`)).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await agent.get(`/api/passes/${Buffer.from(String(Math.random())).toString('base64url')}aaaaaaaaaaaaaaaa`)).status);
    expect(statuses.slice(0, 8).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
