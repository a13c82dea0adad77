import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import { createOrganization, createPackage, createProperty, createResident, createStaff, createUser, createVisitorPass, samplePdf, signedIn } from '../support/factories';
import { client, testApp } from '../support/services';
import { statementsDuring } from '../support/statements';
import { TINY_PNG } from './isolation/world';

beforeAll(async () => {
  await testApp();
});

/**
 * A tower: its administrator, a resident of `unit`, the unit's owner, a neighbour in another
 * unit, a security supplier working its desk, a maintenance supplier, and a security supplier
 * of another tower of the same organization.
 */
async function tower() {
  const organization = await createOrganization();
  const organizationId = organization.id;
  const admin = await createUser({ role: 'Administrador', organizationId });
  const property = await createProperty({ organizationId, name: 'Torre Naco' });
  const { user: resident, unit } = await createResident({ property, user: { name: 'Ana', lastName: 'Alba' } });
  const owner = await createUser({ role: 'Propietario', organizationId });
  await db()('units').where({ id: unit.id }).update({ ownerId: owner.id });
  const { user: neighbour, unit: neighbourUnit } = await createResident({ property });
  const guard = await createUser({ role: 'Suplidor', organizationId, name: 'Julio', lastName: 'Guardia' });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  const plumber = await createUser({ role: 'Suplidor', organizationId });
  await createStaff({ propertyId: property.id, userId: plumber.id, service: 'maintenance' });
  const otherProperty = await createProperty({ organizationId });
  const otherGuard = await createUser({ role: 'Suplidor', organizationId });
  await createStaff({ propertyId: otherProperty.id, userId: otherGuard.id, service: 'security' });
  return { organization, admin, property, resident, owner, unit, neighbour, neighbourUnit, guard, plumber, otherProperty, otherGuard };
}
type Tower = Awaited<ReturnType<typeof tower>>;

const as = (user: User) => signedIn(user);
const log = async (t: Tower, by: User = t.guard, overrides: Record<string, unknown> = {}) =>
  (await as(by)).post('/api/packages').send({ propertyId: t.property.id, unitId: t.unit.id, carrier: 'dhl', tracking: 'JD0146000012345', size: 'small', shelf: 'B-3', ...overrides });
const codeOf = async (id: number) => (await db()('packages').where({ id }).first('pickupCode')).pickupCode as string;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('without a session', () => {
  it('answers 401 on every route', async () => {
    const agent = await client();
    for (const [method, path] of [
      ['get', '/api/packages'],
      ['get', '/api/packages/units?propertyId=1'],
      ['post', '/api/packages'],
      ['post', '/api/packages/1/pickup'],
      ['post', '/api/packages/1/return'],
      ['get', '/api/units/1/vehicles'],
      ['get', '/api/desk/vehicles'],
      ['get', '/api/units/1/pets'],
      ['get', '/api/pets/expiring'],
    ] as const) {
      expect((await agent[method](path).send({})).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('logging a package', () => {
  it('gives the unit a 6-digit pickup code that only its residents and owner see: never the desk, the administrators or another unit', async () => {
    const t = await tower();
    const created = await log(t, t.guard, { photo: { fileType: 'image/png', fileName: 'caja.png', content: TINY_PNG } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'waiting', unitNumber: t.unit.unitNumber, carrier: 'dhl', pickupCode: null, hasPhoto: true, loggedBy: 'Julio Guardia', actions: ['pickup', 'return'] });
    const code = await codeOf(created.body.id);
    expect(code).toMatch(/^\d{6}$/);
    expect(created.text).not.toContain(code);

    for (const user of [t.resident, t.owner]) {
      const mine = await (await as(user)).get('/api/packages');
      expect(mine.body.map((p: { id: number; pickupCode: string }) => [p.id, p.pickupCode])).toEqual([[created.body.id, code]]);
      expect(mine.body[0].actions).toEqual([]);
    }
    for (const user of [t.guard, t.admin]) {
      const agent = await as(user);
      const list = await agent.get(`/api/packages?propertyId=${t.property.id}&status=waiting`);
      expect(list.body.map((p: { id: number }) => p.id)).toEqual([created.body.id]);
      expect(list.text).not.toContain(code);
      const one = await agent.get(`/api/packages/${created.body.id}`);
      expect(one.body.pickupCode).toBeNull();
      expect(one.text).not.toContain(code);
    }
    const csv = await (await as(t.admin)).get(`/api/packages/export.csv?propertyId=${t.property.id}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('JD0146000012345');
    expect(csv.text).not.toContain(code);

    const neighbour = await as(t.neighbour);
    expect((await neighbour.get('/api/packages')).body).toEqual([]);
    expect((await neighbour.get(`/api/packages/${created.body.id}`)).status).toBe(404);
    expect((await neighbour.get(`/api/packages/${created.body.id}/photo`)).status).toBe(404);
    const photo = await (await as(t.resident)).get(`/api/packages/${created.body.id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    // The events: the code only in the copies addressed to who acts for the unit.
    const events = await db()('events').where({ type: 'package.logged', subjectId: created.body.id });
    const withCode = events.filter((e) => JSON.stringify(e.payload).includes(code)).map((e) => e.userId).sort();
    expect(withCode).toEqual([t.resident.id, t.owner.id].sort());
    expect(events.map((e) => [e.audience, e.userId])).toEqual(expect.arrayContaining([['administrators', null], ['user', t.guard.id]]));
  });

  it('is the desk’s: residents 403, a guard of another tower and other organizations 404, bad input 400 in fields', async () => {
    const t = await tower();
    expect((await log(t, t.resident)).status).toBe(403);
    expect((await log(t, t.otherGuard)).status).toBe(404);
    const stranger = await tower();
    expect((await log(t, stranger.admin)).status).toBe(404);
    expect((await log(t, stranger.guard)).status).toBe(404);
    const bad = await log(t, t.guard, { unitId: 'x', carrier: 'pony', size: 'huge' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['unitId', 'carrier', 'size']));
    expect((await log(t, t.guard, { unitId: stranger.unit.id })).status).toBe(400);
    // A photo is checked by its content: a PDF said to be a PNG is refused.
    const renamed = await log(t, t.guard, { photo: { fileType: 'image/png', fileName: 'caja.png', content: samplePdf().toString('base64') } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toHaveProperty(['photo.fileType']);
    expect(await db()('packages').where({ propertyId: t.property.id })).toEqual([]);
  });
});

describe('the desk’s unit search', () => {
  it('lists every unit of the tower with its current residents’ names for the desk; residents 403, another tower and organizations 404, no property 400', async () => {
    const t = await tower();
    await createResident({ property: t.property, unit: t.unit, user: { name: 'Bruno', lastName: 'Brito' } });
    const left = await createResident({ property: t.property, unit: t.unit, user: { name: 'Zoe', lastName: 'Zapata' } });
    await db()('residents').where({ userId: left.user.id }).update({ status: 'inactive' });
    const listed = await (await as(t.guard)).get(`/api/packages/units?propertyId=${t.property.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body.find((unit: { id: number }) => unit.id === t.unit.id)).toEqual({ id: t.unit.id, unitNumber: t.unit.unitNumber, residents: ['Ana Alba', 'Bruno Brito'] });
    expect(listed.body.map((unit: { id: number }) => unit.id)).toContain(t.neighbourUnit.id);
    expect((await (await as(t.admin)).get(`/api/packages/units?propertyId=${t.property.id}`)).status).toBe(200);
    expect((await (await as(t.resident)).get(`/api/packages/units?propertyId=${t.property.id}`)).status).toBe(403);
    expect((await (await as(t.otherGuard)).get(`/api/packages/units?propertyId=${t.property.id}`)).status).toBe(404);
    const stranger = await tower();
    expect((await (await as(stranger.guard)).get(`/api/packages/units?propertyId=${t.property.id}`)).status).toBe(404);
    expect((await (await as(stranger.admin)).get(`/api/packages/units?propertyId=${t.property.id}`)).status).toBe(404);
    expect((await (await as(t.guard)).get('/api/packages/units')).status).toBe(400);
  });
});

describe('picking up', () => {
  it('hands a package to someone else with the right code, their name, cédula and signature; a wrong code is refused', async () => {
    const t = await tower();
    const { id } = (await log(t)).body;
    const code = await codeOf(id);
    const desk = await as(t.guard);
    const pickedUpBy = { name: 'Pedro Mensajero', idNumber: '001-1234567-8' };
    const wrong = await desk.post(`/api/packages/${id}/pickup`).send({ code: otherCode(code), pickedUpBy });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('code');
    const noCode = await desk.post(`/api/packages/${id}/pickup`).send({ pickedUpBy });
    expect(noCode.status).toBe(400);
    expect(noCode.body.fields).toHaveProperty('code');
    expect((await desk.post(`/api/packages/${id}/pickup`).send({ code, pickedUpBy: { name: 'Pedro' } })).body.fields).toHaveProperty(['pickedUpBy.idNumber']);
    expect((await db()('packages').where({ id }).first()).status).toBe('waiting');

    const done = await desk.post(`/api/packages/${id}/pickup`).send({ code, pickedUpBy, signature: { fileType: 'image/png', content: TINY_PNG } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'picked_up', pickedUpBy: { name: 'Pedro Mensajero', idNumber: '001-1234567-8' }, handedBy: 'Julio Guardia', hasSignature: true, actions: [] });
    expect((await (await as(t.admin)).get(`/api/packages/${id}/signature`)).headers['content-type']).toBe('image/png');
    // Once picked up, the code is gone for the unit too.
    expect((await (await as(t.resident)).get(`/api/packages/${id}`)).body.pickupCode).toBeNull();
    expect((await desk.post(`/api/packages/${id}/pickup`).send({ code, pickedUpBy })).status).toBe(409);
  });

  it('hands a package to a resident of the unit by name, without code; not to a neighbour', async () => {
    const t = await tower();
    const { id } = (await log(t)).body;
    const desk = await as(t.admin);
    const neighbour = await desk.post(`/api/packages/${id}/pickup`).send({ pickedUpBy: { userId: t.neighbour.id } });
    expect(neighbour.status).toBe(400);
    const done = await desk.post(`/api/packages/${id}/pickup`).send({ pickedUpBy: { userId: t.resident.id } });
    expect(done.status).toBe(200);
    expect(done.body.pickedUpBy).toMatchObject({ userId: t.resident.id, name: 'Ana Alba' });
  });

  it('of two desk tablets picking up the same package at once, one hands it out and the other gets 409', async () => {
    const t = await tower();
    const { id } = (await log(t)).body;
    const code = await codeOf(id);
    const [first, second] = await Promise.all([as(t.guard), as(t.guard)]);
    const results = await Promise.all([
      first.post(`/api/packages/${id}/pickup`).send({ code, pickedUpBy: { name: 'Uno', idNumber: '1' } }),
      second.post(`/api/packages/${id}/pickup`).send({ code, pickedUpBy: { name: 'Dos', idNumber: '2' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db()('events').where({ type: 'package.picked_up', subjectId: id, audience: 'administrators' })).toHaveLength(1);
  });

  it('is the desk’s: the unit’s resident 403, a maintenance supplier, a guard of another tower and other organizations 404', async () => {
    const t = await tower();
    const { id } = (await log(t)).body;
    const code = await codeOf(id);
    const body = { code, pickedUpBy: { name: 'X', idNumber: '1' } };
    expect((await (await as(t.resident)).post(`/api/packages/${id}/pickup`).send(body)).status).toBe(403);
    expect((await (await as(t.neighbour)).post(`/api/packages/${id}/pickup`).send(body)).status).toBe(404);
    expect((await (await as(t.plumber)).post(`/api/packages/${id}/pickup`).send(body)).status).toBe(404);
    expect((await (await as(t.otherGuard)).post(`/api/packages/${id}/pickup`).send(body)).status).toBe(404);
    expect((await (await as((await tower()).admin)).post(`/api/packages/${id}/pickup`).send(body)).status).toBe(404);
    expect((await db()('packages').where({ id }).first()).status).toBe('waiting');
  });
});

describe('returning and reading', () => {
  it('returns a waiting package to its carrier with a reason; then it cannot be picked up', async () => {
    const t = await tower();
    const { id } = (await log(t)).body;
    const desk = await as(t.guard);
    expect((await desk.post(`/api/packages/${id}/return`).send({ reason: '' })).status).toBe(400);
    expect((await (await as(t.resident)).post(`/api/packages/${id}/return`).send({ reason: 'No' })).status).toBe(403);
    const returned = await desk.post(`/api/packages/${id}/return`).send({ reason: 'Dirección equivocada' });
    expect(returned.body).toMatchObject({ status: 'returned', returnReason: 'Dirección equivocada' });
    expect((await desk.post(`/api/packages/${id}/pickup`).send({ pickedUpBy: { userId: t.resident.id } })).status).toBe(409);
  });

  it('scopes the desk to its towers and never crosses organizations; waiting packages come oldest first', async () => {
    const t = await tower();
    const old = await createPackage({ propertyId: t.property.id, unitId: t.unit.id, createdAt: new Date(Date.now() - 5 * 86_400_000) });
    const recent = await createPackage({ propertyId: t.property.id, unitId: t.neighbourUnit.id });
    const elsewhere = await createPackage({ propertyId: t.otherProperty.id, unitId: (await createResident({ property: t.otherProperty })).unit.id });
    const guardList = await (await as(t.guard)).get('/api/packages?status=waiting');
    expect(guardList.body.map((p: { id: number; ageDays: number }) => [p.id, p.ageDays])).toEqual([[old.id, 5], [recent.id, 0]]);
    expect(guardList.headers['x-total-count']).toBe('2');
    expect((await (await as(t.otherGuard)).get('/api/packages')).body.map((p: { id: number }) => p.id)).toEqual([elsewhere.id]);
    expect((await (await as(t.plumber)).get('/api/packages')).body).toEqual([]);
    expect((await (await as(t.admin)).get('/api/packages')).body).toHaveLength(3);
    const stranger = await tower();
    expect((await (await as(stranger.admin)).get(`/api/packages?propertyId=${t.property.id}`)).body).toEqual([]);
    expect((await (await as(stranger.admin)).get(`/api/packages/${old.id}`)).status).toBe(404);
    expect((await (await as(t.admin)).get(`/api/packages?q=${t.neighbourUnit.unitNumber}`)).body.map((p: { id: number }) => p.id)).toContain(recent.id);
  });
});

describe('the desk’s lists, remembered', () => {
  /** The statements on packages the app runs while `run` runs. */
  const packageStatementsDuring = (run: () => Promise<unknown>) => statementsDuring(run, /\bpackages\b/);

  it('answers a page asked again without reading packages, and follows every change of one, by the app or by any SQL', async () => {
    const t = await tower();
    const first = (await log(t)).body;
    const desk = await as(t.guard);
    const waiting = async () => {
      const response = await desk.get(`/api/packages?propertyId=${t.property.id}&status=waiting`).expect(200);
      return { ids: response.body.map((p: { id: number }) => p.id), total: Number(response.headers['x-total-count']), reminders: response.body.map((p: { reminders: number }) => p.reminders) };
    };
    expect(await waiting()).toEqual({ ids: [first.id], total: 1, reminders: [0] });
    expect(await packageStatementsDuring(async () => expect((await waiting()).ids).toEqual([first.id]))).toEqual([]);

    const second = (await log(t, t.guard, { tracking: 'SEGUNDO' })).body;
    expect(await waiting()).toEqual({ ids: [first.id, second.id], total: 2, reminders: [0, 0] });
    await desk.post(`/api/packages/${first.id}/pickup`).send({ pickedUpBy: { userId: t.resident.id } }).expect(200);
    expect(await waiting()).toEqual({ ids: [second.id], total: 1, reminders: [0] });
    // The worker's reminders (or any other SQL) move the version too.
    await db()('packages').where({ id: second.id }).update({ reminders: 1 });
    expect(await waiting()).toEqual({ ids: [second.id], total: 1, reminders: [1] });
  });
});

describe('vehicles', () => {
  it('are managed by the unit’s residents, read by the desk, and found by partial plate with visitor passes’ plates', async () => {
    const t = await tower();
    const resident = await as(t.resident);
    const created = await resident.post(`/api/units/${t.unit.id}/vehicles`).send({ plate: 'a 123-456', make: 'Toyota', model: 'Corolla', colour: 'Gris', parkingSpot: 'P-12' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ plate: 'A123456', unitNumber: t.unit.unitNumber, canManage: true });
    expect((await resident.post(`/api/units/${t.unit.id}/vehicles`).send({ plate: 'A123456' })).status).toBe(409);
    expect((await resident.post(`/api/units/${t.unit.id}/vehicles`).send({ plate: '¿?' })).status).toBe(400);
    expect((await resident.post(`/api/units/${t.neighbourUnit.id}/vehicles`).send({ plate: 'G012345' })).status).toBe(404);
    const neighbour = await as(t.neighbour);
    expect((await neighbour.get(`/api/units/${t.unit.id}/vehicles`)).status).toBe(404);
    expect((await neighbour.patch(`/api/vehicles/${created.body.id}`).send({ colour: 'Rojo' })).status).toBe(404);

    const desk = await as(t.guard);
    expect((await desk.get(`/api/units/${t.unit.id}/vehicles`)).body).toMatchObject([{ plate: 'A123456', canManage: false }]);
    expect((await desk.post(`/api/units/${t.unit.id}/vehicles`).send({ plate: 'B1' })).status).toBe(403);
    expect((await desk.delete(`/api/vehicles/${created.body.id}`)).status).toBe(403);

    await createVisitorPass({ propertyId: t.property.id, unitId: t.neighbourUnit.id, hostId: t.neighbour.id, name: 'Laura Visita', vehiclePlate: 'A-123999' });
    const found = await desk.get(`/api/desk/vehicles?propertyId=${t.property.id}&plate=a123`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({ source: 'vehicle', plate: 'A123456', unitNumber: t.unit.unitNumber, make: 'Toyota' }),
      expect.objectContaining({ source: 'visitor', plate: 'A-123999', unitNumber: t.neighbourUnit.unitNumber, visitorName: 'Laura Visita' }),
    ]);
    expect((await desk.get(`/api/desk/vehicles?propertyId=${t.property.id}&plate=a`)).status).toBe(400);
    expect((await (await as(t.otherGuard)).get(`/api/desk/vehicles?propertyId=${t.property.id}&plate=a123`)).status).toBe(404);
    expect((await resident.get(`/api/desk/vehicles?propertyId=${t.property.id}&plate=a123`)).status).toBe(403);
    expect((await (await as((await tower()).admin)).get(`/api/desk/vehicles?propertyId=${t.property.id}&plate=a123`)).status).toBe(404);

    const changed = await resident.patch(`/api/vehicles/${created.body.id}`).send({ colour: 'Rojo', parkingSpot: '' });
    expect(changed.body).toMatchObject({ colour: 'Rojo', parkingSpot: null });
    expect((await resident.delete(`/api/vehicles/${created.body.id}`)).status).toBe(204);
    // The search is remembered until a vehicle or a pass changes: the car removed is gone from it.
    expect((await desk.get(`/api/desk/vehicles?propertyId=${t.property.id}&plate=a123`)).body.map((m: { plate: string }) => m.plate)).toEqual(['A-123999']);
  });
});

describe('pets', () => {
  it('are managed by the unit’s residents with their vaccination record; administrators see records about to expire; the desk sees none', async () => {
    const t = await tower();
    const resident = await as(t.resident);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await resident.post(`/api/units/${t.unit.id}/pets`).send({
      name: 'Canelo',
      species: 'dog',
      breed: 'Sato',
      recordExpiresOn: soon,
      record: { fileType: 'application/pdf', fileName: 'vacunas.pdf', content: samplePdf().toString('base64') },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Canelo', hasRecord: true, recordExpiresOn: soon, recordState: 'expiring' });
    const renamed = await resident.post(`/api/units/${t.unit.id}/pets`).send({ name: 'Mishi', species: 'cat', record: { fileType: 'application/pdf', fileName: 'x.pdf', content: TINY_PNG } });
    expect(renamed.status).toBe(400);
    await resident.post(`/api/units/${t.unit.id}/pets`).send({ name: 'Lejano', species: 'cat', recordExpiresOn: '2099-01-01', record: { fileType: 'image/png', fileName: 'r.png', content: TINY_PNG } });

    const expiring = await (await as(t.admin)).get(`/api/pets/expiring?propertyId=${t.property.id}`);
    expect(expiring.body.map((p: { name: string }) => p.name)).toEqual(['Canelo']);
    expect((await resident.get('/api/pets/expiring')).status).toBe(403);
    expect((await (await as(t.guard)).get(`/api/units/${t.unit.id}/pets`)).status).toBe(404);
    expect((await (await as(t.neighbour)).get(`/api/pets/${created.body.id}/record`)).status).toBe(404);
    const record = await resident.get(`/api/pets/${created.body.id}/record`);
    expect(record.headers['content-type']).toBe('application/pdf');
    expect((await (await as((await tower()).admin)).get(`/api/units/${t.unit.id}/pets`)).status).toBe(404);
    expect((await resident.patch(`/api/pets/${created.body.id}`).send({ recordExpiresOn: '2099-12-31' })).body.recordState).toBe('valid');
    expect((await (await as(t.neighbour)).delete(`/api/pets/${created.body.id}`)).status).toBe(404);
    expect((await resident.delete(`/api/pets/${created.body.id}`)).status).toBe(204);
  });
});

// Last: wrong codes use up this file's budget of guesses.
describe('guessing pickup codes', () => {
  it('refuses wrong codes and, after a few, answers 429 even to the right one', async () => {
    const t = await tower();
    const { id } = (await log(t)).body;
    const code = await codeOf(id);
    const desk = await as(t.guard);
    const pickedUpBy = { name: 'Adivino', idNumber: '1' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await desk.post(`/api/packages/${id}/pickup`).send({ code: otherCode(String(Number(code) + i)), pickedUpBy })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await desk.post(`/api/packages/${id}/pickup`).send({ code, pickedUpBy });
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect((await db()('packages').where({ id }).first()).status).toBe('waiting');
  });
});
