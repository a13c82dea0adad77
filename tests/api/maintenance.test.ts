import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { MaintenanceRequest, User } from '../../server/models';
import { ruleFor } from '../../server/notifications/rules';
import type { LiveEvent } from '../../shared/events';
import type { MaintenanceStatus } from '../../shared/enums';
import { todayThere } from '../../shared/time';
import {
  createMaintenanceRequest,
  createOrganization,
  createProperty,
  createResident,
  createStaff,

  createUser,
  signedIn,
} from '../support/factories';
import { client, testApp } from '../support/services';
import { TINY_PNG } from './isolation/world';

beforeAll(async () => {
  await testApp();
});

/**
 * A building: its administrator, owner, a resident of unit `unit`, a neighbour, a maintenance
 * supplier on its staff, a janitor (janitorial staff only) and a supplier of no property.
 */
async function building() {
  const organization = await createOrganization();
  const organizationId = organization.id;
  const admin = await createUser({ role: 'Administrador', organizationId, name: 'María' });
  const owner = await createUser({ role: 'Propietario', organizationId });
  const property = await createProperty({ organizationId, ownerId: owner.id });
  const { user: resident, unit } = await createResident({ property, user: { name: 'Ana', lastName: 'Alba', phone: '809-555-0101' } });
  const { user: neighbour, unit: neighbourUnit } = await createResident({ property });
  const supplier = await createUser({ role: 'Suplidor', organizationId, name: 'Pedro', lastName: 'Gómez' });
  const janitor = await createUser({ role: 'Suplidor', organizationId });
  const stranger = await createUser({ role: 'Suplidor', organizationId });
  await createStaff({ propertyId: property.id, userId: supplier.id });
  await createStaff({ propertyId: property.id, userId: janitor.id, service: 'janitorial' });
  return { organization, admin, owner, property, resident, unit, neighbour, neighbourUnit, supplier, janitor, stranger };
}
type Building = Awaited<ReturnType<typeof building>>;

const as = (user: User) => signedIn(user);
const leak = { title: 'Fuga en el baño', description: 'Gotea el techo del baño principal.', priority: 'high' };

/**
 * A request of the resident in `status`, assigned to the supplier (with a date once it has left
 * pending) unless `assigned` is false.
 */
async function requestIn(b: Building, status: MaintenanceStatus, extra: Partial<MaintenanceRequest> = {}, assigned = true) {
  return createMaintenanceRequest({
    propertyId: b.property.id,
    unitId: b.unit.id,
    requestedById: b.resident.id,
    status,
    assignedToId: assigned ? b.supplier.id : null,
    scheduledDate: assigned && status !== 'pending' ? new Date(Date.now() + 86_400_000) : null,
    completedAt: status === 'completed' ? new Date() : null,
    ...extra,
  });
}

const updatesOf = (requestId: number) => db()('maintenance_updates').where({ requestId }).orderBy('id');
const eventsOf = (subjectId: number, type?: string) =>
  db()('events').where({ subjectType: 'maintenance_request', subjectId, ...(type ? { type } : {}) }).orderBy('id');

describe('without a session', () => {
  it('answers 401 on every route', async () => {
    const agent = await client();
    for (const [method, path] of [
      ['get', '/api/maintenance'],
      ['get', '/api/maintenance/summary'],
      ['get', '/api/maintenance/export.csv'],
      ['get', '/api/maintenance/assignees'],
      ['get', '/api/maintenance/settings'],
      ['get', '/api/maintenance/units'],
      ['put', '/api/maintenance/settings'],
      ['post', '/api/maintenance'],
      ['get', '/api/maintenance/1'],
      ['patch', '/api/maintenance/1'],
      ['post', '/api/maintenance/1/updates'],
      ['post', '/api/maintenance/1/photos'],
      ['get', '/api/maintenance/1/photos/1'],
      ['post', '/api/maintenance/1/rating'],
      ['get', '/api/properties/1/staff'],
      ['post', '/api/properties/1/staff'],
      ['delete', '/api/properties/1/staff/1'],
    ] as const) {
      expect((await agent[method](path).send({})).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('POST /api/maintenance', () => {
  it('lets a resident report for their unit: pending, a timeline entry, a deadline and events for administrators and requester', async () => {
    const b = await building();
    const response = await (await as(b.resident)).post('/api/maintenance').send({ ...leak, propertyId: b.property.id, unitId: b.unit.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: leak.title,
      status: 'pending',
      priority: 'high',
      unitNumber: b.unit.unitNumber,
      propertyName: b.property.name,
      requestedBy: { id: b.resident.id, name: 'Ana Alba' },
      assignedTo: null,
      overdue: false,
      actions: expect.arrayContaining(['comment', 'photo', 'cancel']),
    });
    expect(response.body.actions).not.toContain('commentInternal');
    // High priority: 3 days from now by default.
    expect(Math.abs(Date.parse(response.body.dueAt) - Date.now() - 72 * 3600_000)).toBeLessThan(60_000);
    expect(await updatesOf(response.body.id)).toMatchObject([{ updatedById: b.resident.id, status: 'pending', changes: { created: true } }]);
    const events = await eventsOf(response.body.id, 'maintenance.created');
    expect(events.map((e) => [e.audience, e.userId])).toEqual([['administrators', null], ['user', b.resident.id]]);
  });

  it('offers a resident their own unit, and the owner every unit of the property', async () => {
    const b = await building();
    const units = async (user: User) => (await (await as(user)).get(`/api/maintenance/units?propertyId=${b.property.id}`)).body;
    expect(await units(b.resident)).toEqual([{ id: b.unit.id, unitNumber: b.unit.unitNumber }]);
    expect((await units(b.owner)).map((u: { id: number }) => u.id).sort()).toEqual([b.unit.id, b.neighbourUnit.id].sort());
    expect((await (await as(b.supplier)).get(`/api/maintenance/units?propertyId=${b.property.id}`)).status).toBe(403);
    expect((await (await as(b.resident)).get('/api/maintenance/units')).status).toBe(400);
  });

  it('lets the owner of a unit (not of the building) report for it, and only for it (issue 26)', async () => {
    const b = await building();
    const unitOwner = await createUser({ role: 'Propietario', organizationId: b.organization.id });
    await db()('units').where({ id: b.unit.id }).update({ ownerId: unitOwner.id });
    const agent = await as(unitOwner);
    expect((await agent.get(`/api/maintenance/units?propertyId=${b.property.id}`)).body).toEqual([{ id: b.unit.id, unitNumber: b.unit.unitNumber }]);
    const created = await agent.post('/api/maintenance').send({ ...leak, propertyId: b.property.id, unitId: b.unit.id });
    expect(created.status).toBe(201);
    expect((await agent.get(`/api/maintenance/${created.body.id}`)).body).toMatchObject({ unitId: b.unit.id, requestedBy: { id: unitOwner.id } });
    const neighbours = await agent.post('/api/maintenance').send({ ...leak, propertyId: b.property.id, unitId: b.neighbourUnit.id });
    expect(neighbours.status).toBe(400);
    expect(neighbours.body.fields).toEqual({ unitId: 'Seleccione una unidad de la propiedad' });
  });

  it('takes a common area instead of a unit, and an owner may report', async () => {
    const b = await building();
    const response = await (await as(b.owner)).post('/api/maintenance').send({ ...leak, propertyId: b.property.id, location: 'Piscina' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ unitId: null, location: 'Piscina' });
  });

  it('answers 400 with field messages for missing fields, no place, or a unit the resident does not live in', async () => {
    const b = await building();
    const agent = await as(b.resident);
    const empty = await agent.post('/api/maintenance').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ propertyId: 'Seleccione una propiedad', title: 'El título es requerido', description: 'Describa el problema' });
    const noPlace = await agent.post('/api/maintenance').send({ ...leak, propertyId: b.property.id });
    expect(noPlace.body.fields).toEqual({ location: 'Indique la unidad o el área común (por ejemplo, Lobby o Piscina)' });
    const neighbours = await agent.post('/api/maintenance').send({ ...leak, propertyId: b.property.id, unitId: b.neighbourUnit.id });
    expect(neighbours.status).toBe(400);
    expect(neighbours.body.fields).toEqual({ unitId: 'Seleccione una unidad de la propiedad' });
    const badPriority = await agent.post('/api/maintenance').send({ ...leak, propertyId: b.property.id, location: 'Lobby', priority: 'ya' });
    expect(badPriority.body.fields).toEqual({ priority: 'Prioridad inválida' });
    expect(await db()('maintenance_requests').where({ propertyId: b.property.id })).toEqual([]);
  });

  it('answers 403 to a supplier and 404 for a property of another organization', async () => {
    const b = await building();
    expect((await (await as(b.supplier)).post('/api/maintenance').send({ ...leak, propertyId: b.property.id, location: 'Lobby' })).status).toBe(403);
    const elsewhere = await createProperty();
    expect((await (await as(b.resident)).post('/api/maintenance').send({ ...leak, propertyId: elsewhere.id, location: 'Lobby' })).status).toBe(404);
    expect((await (await as(b.admin)).post('/api/maintenance').send({ ...leak, propertyId: elsewhere.id, location: 'Lobby' })).status).toBe(404);
  });

  it('takes the organization’s deadline for the priority', async () => {
    const b = await building();
    const agent = await as(b.admin);
    const settings = await agent.put('/api/maintenance/settings').send({ deadlineHours: { emergency: 4, high: 24, medium: 48, low: 96 } });
    expect(settings.status).toBe(200);
    const created = await agent.post('/api/maintenance').send({ ...leak, priority: 'emergency', propertyId: b.property.id, location: 'Lobby' });
    expect(Math.abs(Date.parse(created.body.dueAt) - Date.now() - 4 * 3600_000)).toBeLessThan(60_000);
  });
});

describe('reading', () => {
  it('scopes the list per role: administrators all, requesters theirs, the supplier what is assigned to them', async () => {
    const b = await building();
    const mine = await requestIn(b, 'pending', {}, false);
    const assigned = await requestIn(b, 'scheduled', { requestedById: b.neighbour.id, unitId: b.neighbourUnit.id });
    const elsewhere = await createMaintenanceRequest({ propertyId: (await createProperty()).id });
    const ids = async (user: User, query = '') => {
      const response = await (await as(user)).get(`/api/maintenance${query}`);
      expect(response.status).toBe(200);
      return { ids: response.body.map((r: { id: number }) => r.id).sort(), total: response.headers['x-total-count'] };
    };
    expect(await ids(b.admin)).toEqual({ ids: [mine.id, assigned.id].sort(), total: '2' });
    expect(await ids(b.resident)).toEqual({ ids: [mine.id], total: '1' });
    expect(await ids(b.neighbour)).toEqual({ ids: [assigned.id], total: '1' });
    expect(await ids(b.owner)).toEqual({ ids: [], total: '0' });
    expect(await ids(b.supplier)).toEqual({ ids: [assigned.id], total: '1' });
    expect(await ids(b.janitor)).toEqual({ ids: [], total: '0' });
    expect((await ids(b.admin)).ids).not.toContain(elsewhere.id);
  });

  it('filters by status, priority, assignee, property, overdue and search, and pages', async () => {
    const b = await building();
    const pending = await requestIn(b, 'pending', { title: 'Bombillo fundido', priority: 'low' }, false);
    const overdue = await requestIn(b, 'pending', { title: 'Fuga de gas', priority: 'emergency', dueAt: new Date(Date.now() - 60_000) }, false);
    const scheduled = await requestIn(b, 'scheduled', { title: 'Pintura del lobby' });
    const agent = await as(b.admin);
    const ids = async (query: string) => (await agent.get(`/api/maintenance?${query}`)).body.map((r: { id: number }) => r.id);
    expect(await ids('status=scheduled')).toEqual([scheduled.id]);
    expect(await ids('priority=emergency')).toEqual([overdue.id]);
    expect(await ids(`assignedToId=${b.supplier.id}`)).toEqual([scheduled.id]);
    expect(await ids('overdue=true')).toEqual([overdue.id]);
    expect(await ids('q=BOMBILLO')).toEqual([pending.id]);
    expect(await ids(`propertyId=${b.property.id}&limit=2&offset=0`)).toHaveLength(2);
    const page2 = await agent.get('/api/maintenance?limit=2&offset=2');
    expect(page2.body).toHaveLength(1);
    expect(page2.headers['x-total-count']).toBe('3');
    expect((await agent.get('/api/maintenance?status=lost')).status).toBe(400);
    const summary = await agent.get('/api/maintenance/summary');
    expect(summary.body).toEqual({ pending: 2, scheduled: 1, inProgress: 0, completed: 0, cancelled: 0, overdue: 1 });
    // By property: the same counts for whoever reads the property; another organization's property is not found (issue 26).
    expect((await agent.get(`/api/maintenance/summary?propertyId=${b.property.id}`)).body).toEqual(summary.body);
    expect((await (await as(b.resident)).get(`/api/maintenance/summary?propertyId=${b.property.id}`)).status).toBe(200);
    expect((await (await as(b.supplier)).get(`/api/maintenance/summary?propertyId=${b.property.id}`)).body).toMatchObject({ scheduled: 1 });
    expect((await agent.get(`/api/maintenance/summary?propertyId=${(await building()).property.id}`)).status).toBe(404);
  });

  it('shows internal updates to administrators and the assignee, never to the requester', async () => {
    const b = await building();
    const request = await requestIn(b, 'scheduled');
    const internal = await (await as(b.admin)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'El 5B tiene la llave de paso', visibility: 'internal' });
    expect(internal.status).toBe(201);
    await (await as(b.supplier)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'Llego a las 3', visibility: 'public' });
    const contents = async (user: User) => (await (await as(user)).get(`/api/maintenance/${request.id}`)).body.updates.map((u: { content: string }) => u.content).filter(Boolean);
    expect(await contents(b.admin)).toEqual(['El 5B tiene la llave de paso', 'Llego a las 3']);
    expect(await contents(b.supplier)).toEqual(['El 5B tiene la llave de paso', 'Llego a las 3']);
    const forRequester = await (await as(b.resident)).get(`/api/maintenance/${request.id}`);
    expect(forRequester.body.updates.map((u: { content: string }) => u.content).filter(Boolean)).toEqual(['Llego a las 3']);
    expect(forRequester.text).not.toContain('llave de paso');
    // Its events skip the requester too.
    const events = await eventsOf(request.id, 'maintenance.commented');
    expect(events.filter((e) => e.payload.internal).map((e) => [e.audience, e.userId])).toEqual([['administrators', null], ['user', b.supplier.id]]);
    expect(JSON.stringify(events.filter((e) => e.userId === b.resident.id))).not.toContain('llave');
    // Requesters may not write internal comments.
    expect((await (await as(b.resident)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'x', visibility: 'internal' })).status).toBe(403);
  });

  it('gives the supplier only what the job needs, and the requester’s phone to staff only', async () => {
    const b = await building();
    const request = await requestIn(b, 'scheduled', { rating: null });
    const forSupplier = (await (await as(b.supplier)).get(`/api/maintenance/${request.id}`)).body;
    expect(forSupplier).toMatchObject({ title: request.title, unitNumber: b.unit.unitNumber, requestedBy: { name: 'Ana Alba', phone: '809-555-0101' } });
    expect(forSupplier).not.toHaveProperty('dueAt');
    expect(forSupplier).not.toHaveProperty('rating');
    expect(forSupplier.actions).toEqual(expect.arrayContaining(['accept', 'decline', 'start', 'commentInternal']));
    const forNeighbour = await (await as(b.neighbour)).get(`/api/maintenance/${request.id}`);
    expect(forNeighbour.status).toBe(404);
    expect((await (await as(b.janitor)).get(`/api/maintenance/${request.id}`)).status).toBe(404);
    expect((await (await as(b.resident)).get(`/api/maintenance/${request.id}`)).body.requestedBy).toEqual({ id: b.resident.id, name: 'Ana Alba' });
  });
});

describe('PATCH /api/maintenance/:id, the state machine', () => {
  type Part = 'admin' | 'requester' | 'assignee';
  // docs/modules/maintenance.md: who may take a request from one status to another.
  const ALLOWED: Record<string, Part[]> = {
    'pending>scheduled': ['admin'],
    'pending>in-progress': ['admin', 'assignee'],
    'pending>cancelled': ['admin', 'requester'],
    'scheduled>in-progress': ['admin', 'assignee'],
    'scheduled>cancelled': ['admin'],
    'in-progress>completed': ['admin', 'assignee'],
    'completed>in-progress': ['requester'],
  };
  const STATUSES: MaintenanceStatus[] = ['pending', 'scheduled', 'in-progress', 'completed', 'cancelled'];
  const cases = STATUSES.flatMap((from) =>
    STATUSES.filter((to) => to !== from).flatMap((to) =>
      (['admin', 'requester', 'assignee'] as Part[]).map((part) => {
        const allowed = ALLOWED[`${from}>${to}`];
        return [from, to, part, !allowed ? 409 : allowed.includes(part) ? 200 : 403] as const;
      }),
    ),
  );

  it.each(cases)('%s -> %s by the %s answers %i', async (from, to, part, expected) => {
    const b = await building();
    const request = await requestIn(b, from);
    const user = { admin: b.admin, requester: b.resident, assignee: b.supplier }[part];
    const before = await updatesOf(request.id);
    // Scheduling names the date (the request is assigned already).
    const date = to === 'scheduled' && from === 'pending' ? { scheduledDate: new Date(Date.now() + 86_400_000).toISOString() } : {};
    const response = await (await as(user)).patch(`/api/maintenance/${request.id}`).send({ status: to, ...date });
    expect(response.status, response.text).toBe(expected);
    const after = await MaintenanceRequest.query().findById(request.id);
    if (expected === 200) {
      expect(after!.status).toBe(to);
      expect(after!.version).toBe(2);
      const updates = await updatesOf(request.id);
      expect(updates.slice(before.length)).toMatchObject([{ updatedById: user.id, status: to, changes: { status: to } }]);
      expect((await eventsOf(request.id, 'maintenance.updated')).length).toBeGreaterThanOrEqual(2);
    } else {
      expect(after!.status).toBe(from);
      expect(after!.version).toBe(1);
      expect(await updatesOf(request.id)).toHaveLength(before.length);
      if (expected === 409) expect(response.body.error).toBe('invalid_transition');
    }
  });

  it('schedules by itself when an administrator assigns maintenance staff with a date, and unschedules when unassigned', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending', {}, false);
    const agent = await as(b.admin);
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const assigned = await agent.patch(`/api/maintenance/${request.id}`).send({ assignedToId: b.supplier.id, scheduledDate: date, version: 1 });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'scheduled', assignedTo: { id: b.supplier.id, name: 'Pedro Gómez' }, scheduledDate: date, version: 2 });
    const events = await eventsOf(request.id, 'maintenance.updated');
    expect(events.map((e) => [e.audience, e.userId])).toEqual([['administrators', null], ['user', b.resident.id], ['user', b.supplier.id]]);
    const back = await agent.patch(`/api/maintenance/${request.id}`).send({ assignedToId: null, version: 2 });
    expect(back.body).toMatchObject({ status: 'pending', assignedTo: null });
    // The supplier who lost it hears of it too.
    expect((await eventsOf(request.id, 'maintenance.updated')).slice(3).map((e) => e.userId)).toContain(b.supplier.id);
  });

  it('assigns only maintenance staff of the property (400), and edits only open requests (409)', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending', {}, false);
    const agent = await as(b.admin);
    for (const user of [b.janitor, b.stranger, b.resident]) {
      const response = await agent.patch(`/api/maintenance/${request.id}`).send({ assignedToId: user.id });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ assignedToId: 'Solo se puede asignar a un suplidor de mantenimiento de esta propiedad' });
    }
    const done = await requestIn(b, 'completed');
    expect((await agent.patch(`/api/maintenance/${done.id}`).send({ priority: 'low' })).status).toBe(409);
    expect((await agent.patch(`/api/maintenance/${request.id}`).send({ scheduledDate: 'mañana' })).status).toBe(400);
    expect((await agent.patch(`/api/maintenance/${request.id}`).send({ scheduledDate: '2020-01-01' })).body.fields).toEqual({ scheduledDate: 'La fecha programada no puede estar en el pasado' });
    // Explicitly scheduling needs both.
    expect((await agent.patch(`/api/maintenance/${request.id}`).send({ status: 'scheduled' })).status).toBe(409);
  });

  it('answers 403 to triage by anyone but administrators', async () => {
    const b = await building();
    const request = await requestIn(b, 'scheduled');
    for (const user of [b.resident, b.supplier]) {
      expect((await (await as(user)).patch(`/api/maintenance/${request.id}`).send({ priority: 'emergency' })).status).toBe(403);
      expect((await (await as(user)).patch(`/api/maintenance/${request.id}`).send({ assignedToId: b.supplier.id })).status).toBe(403);
    }
    expect((await (await as(b.resident)).patch(`/api/maintenance/${request.id}`).send({ accepted: true })).status).toBe(403);
  });

  it('answers 409 to an edit made on a stale version, and keeps the row', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending');
    const agent = await as(b.admin);
    expect((await agent.patch(`/api/maintenance/${request.id}`).send({ priority: 'emergency', version: 1 })).status).toBe(200);
    const stale = await agent.patch(`/api/maintenance/${request.id}`).send({ priority: 'low', version: 1 });
    expect(stale.status).toBe(409);
    expect((await MaintenanceRequest.query().findById(request.id))!.priority).toBe('emergency');
  });

  it('a priority change moves the deadline and clears the overdue mark when it is no longer due', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending', { priority: 'emergency', requestedAt: new Date(Date.now() - 30 * 3600_000), dueAt: new Date(Date.now() - 6 * 3600_000), overdueAt: new Date() });
    const response = await (await as(b.admin)).patch(`/api/maintenance/${request.id}`).send({ priority: 'medium' });
    expect(response.body.overdue).toBe(false);
    const row = await MaintenanceRequest.query().findById(request.id);
    expect(row!.overdueAt).toBeNull();
    expect(Math.abs(row!.dueAt!.getTime() - (request.requestedAt.getTime() + 168 * 3600_000))).toBeLessThan(1000);
  });

  it('lets the assignee accept, and decline with a reason: pending, unassigned, and out of their reach', async () => {
    const b = await building();
    const request = await requestIn(b, 'scheduled');
    const agent = await as(b.supplier);
    const accepted = await agent.patch(`/api/maintenance/${request.id}`).send({ accepted: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.acceptedAt).not.toBeNull();
    expect(accepted.body.actions).not.toContain('accept');
    const noReason = await agent.patch(`/api/maintenance/${request.id}`).send({ accepted: false });
    expect(noReason.body.fields).toEqual({ reason: 'Indique el motivo' });
    const declined = await agent.patch(`/api/maintenance/${request.id}`).send({ accepted: false, reason: 'No tengo la pieza' });
    expect(declined.status).toBe(200);
    const row = await MaintenanceRequest.query().findById(request.id);
    expect(row).toMatchObject({ status: 'pending', assignedToId: null, scheduledDate: null });
    expect((await updatesOf(request.id)).at(-1)).toMatchObject({ content: 'No tengo la pieza', status: 'pending', changes: { accepted: false, assignedTo: null } });
    expect((await agent.get(`/api/maintenance/${request.id}`)).status).toBe(404);
  });

  it('lets the requester reopen within 14 days (the count grows, the rating goes), not after', async () => {
    const b = await building();
    const recent = await requestIn(b, 'completed', { completedAt: new Date(Date.now() - 13 * 86_400_000), rating: 2 });
    const agent = await as(b.resident);
    const reopened = await agent.patch(`/api/maintenance/${recent.id}`).send({ status: 'in-progress', reason: 'Volvió a gotear' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'in-progress', reopenCount: 1, completedAt: null, rating: null });
    expect((await updatesOf(recent.id)).at(-1)).toMatchObject({ content: 'Volvió a gotear', changes: { reopened: true, status: 'in-progress' } });
    const old = await requestIn(b, 'completed', { completedAt: new Date(Date.now() - 15 * 86_400_000) });
    const late = await agent.patch(`/api/maintenance/${old.id}`).send({ status: 'in-progress' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Solo se puede reabrir una solicitud durante los 14 días siguientes a su finalización');
  });

  it('ends with the residence: a requester who moved to another unit no longer reads the old unit’s request, nor hears of it (issue 26)', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending', {}, false);
    const lobby = await requestIn(b, 'pending', { unitId: null, location: 'Lobby' }, false);
    const residence = await db()('residents').where({ userId: b.resident.id }).first();
    const admin = await as(b.admin);
    expect((await admin.patch(`/api/properties/${b.property.id}/residents/${residence.id}`).send({ name: 'Ana', unit: 'PH-1', createUnit: true, version: residence.version })).status).toBe(200);

    const agent = await as(b.resident);
    expect((await agent.get(`/api/maintenance/${request.id}`)).status).toBe(404);
    expect((await agent.post(`/api/maintenance/${request.id}/updates`).send({ content: 'Sigue goteando', visibility: 'public' })).status).toBe(404);
    // A common area of the building they still live in stays theirs.
    expect((await agent.get('/api/maintenance')).body.map((r: { id: number }) => r.id)).toEqual([lobby.id]);
    expect((await admin.post(`/api/maintenance/${request.id}/updates`).send({ content: 'Técnico en camino', visibility: 'public' })).status).toBe(201);
    const told = await eventsOf(request.id, 'maintenance.updated');
    expect(told.map((e) => e.userId)).not.toContain(b.resident.id);
  });

  it('answers 404 for another organization’s request', async () => {
    const b = await building();
    const other = await building();
    const request = await requestIn(other, 'pending');
    for (const user of [b.admin, b.resident, b.supplier]) {
      expect((await (await as(user)).patch(`/api/maintenance/${request.id}`).send({ status: 'cancelled' })).status).toBe(404);
    }
  });
});

describe('comments, photos and rating', () => {
  it('records a comment with a status change as one update and answers the detail', async () => {
    const b = await building();
    const request = await requestIn(b, 'in-progress');
    const response = await (await as(b.supplier)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'Listo, se cambió la llave', status: 'completed' });
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('completed');
    expect(response.body.updates.at(-1)).toMatchObject({ content: 'Listo, se cambió la llave', status: 'completed', actor: { name: 'Pedro Gómez' } });
    expect(await updatesOf(request.id)).toHaveLength(1);
    expect((await (await as(b.supplier)).post(`/api/maintenance/${request.id}/updates`).send({ content: '' })).body.fields).toEqual({ content: 'Escriba un comentario' });
    const hidden = await (await as(b.supplier)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'x', visibility: 'internal', status: 'in-progress' });
    expect(hidden.status).toBe(400);
    expect(hidden.body.fields).toEqual({ visibility: 'Un cambio de estado es visible para quien lo solicitó: no puede ir en una nota interna' });
  });

  it('stores a photo checked by its content and serves it to readers only', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending');
    const agent = await as(b.resident);
    const photo = await agent.post(`/api/maintenance/${request.id}/photos`).send({ fileName: 'fuga.png', fileType: 'image/png', content: TINY_PNG });
    expect(photo.status).toBe(201);
    expect(photo.body).toMatchObject({ fileName: 'fuga.png', fileType: 'image/png', url: `/api/maintenance/${request.id}/photos/${photo.body.id}` });
    const image = await agent.get(photo.body.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body, Buffer.from(TINY_PNG, 'base64'))).toBe(0);
    expect((await (await as(b.neighbour)).get(photo.body.url)).status).toBe(404);
    const detail = await agent.get(`/api/maintenance/${request.id}`);
    expect(detail.body).toMatchObject({ photoCount: 1, photos: [{ id: photo.body.id }] });
    expect(detail.body.updates.at(-1)).toMatchObject({ changes: { photo: true }, photos: [{ id: photo.body.id }] });
    expect((await eventsOf(request.id, 'maintenance.photo_added')).map((e) => e.userId)).toEqual([null, b.resident.id, b.supplier.id]);

    // A renamed page, a type that disagrees with the bytes, bad base64.
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    for (const body of [
      { fileName: 'fuga.png', fileType: 'image/png', content: html },
      { fileName: 'fuga.jpg', fileType: 'image/png', content: TINY_PNG },
      { fileName: 'fuga.png', fileType: 'image/jpeg', content: TINY_PNG },
      { fileName: 'fuga.gif', fileType: 'image/gif', content: TINY_PNG },
    ]) {
      const refused = await agent.post(`/api/maintenance/${request.id}/photos`).send(body);
      expect(refused.status, JSON.stringify(body.fileName)).toBe(400);
    }
    expect((await agent.post(`/api/maintenance/${request.id}/photos`).send({ fileType: 'image/png', content: '###' })).status).toBe(400);
    expect((await db()('maintenance_photos').where({ requestId: request.id })).length).toBe(1);
  });

  it('refuses a photo over 10 MB with 413', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending');
    const big = Buffer.concat([Buffer.from(TINY_PNG, 'base64'), Buffer.alloc(10 * 1024 * 1024)]).toString('base64');
    const response = await (await as(b.resident)).post(`/api/maintenance/${request.id}/photos`).send({ fileName: 'x.png', fileType: 'image/png', content: big });
    expect(response.status).toBe(413);
  });

  it('lets the requester rate completed work once, 1 to 5', async () => {
    const b = await building();
    const request = await requestIn(b, 'completed');
    const agent = await as(b.resident);
    expect((await agent.post(`/api/maintenance/${request.id}/rating`).send({ score: 6 })).body.fields).toEqual({ score: 'La calificación debe ser de 1 a 5' });
    expect((await (await as(b.supplier)).post(`/api/maintenance/${request.id}/rating`).send({ score: 5 })).status).toBe(403);
    const rated = await agent.post(`/api/maintenance/${request.id}/rating`).send({ score: 4, comment: 'Buen trabajo' });
    expect(rated.status).toBe(201);
    expect(rated.body.rating).toMatchObject({ score: 4, comment: 'Buen trabajo' });
    expect((await agent.post(`/api/maintenance/${request.id}/rating`).send({ score: 5 })).status).toBe(409);
    const open = await requestIn(b, 'in-progress');
    expect((await agent.post(`/api/maintenance/${open.id}/rating`).send({ score: 5 })).status).toBe(409);
    // The supplier's average, for the administrators.
    const assignees = await (await as(b.admin)).get(`/api/maintenance/assignees?propertyId=${b.property.id}`);
    expect(assignees.body).toEqual([{ id: b.supplier.id, name: 'Pedro Gómez', propertyIds: [b.property.id], rating: { average: 4, count: 1 } }]);
  });
});

describe('CSV and settings', () => {
  it('exports the filtered list for administrators only', async () => {
    const b = await building();
    // Asked at 03:30 UTC on the 23rd: the evening of the 22nd on the organization's clock.
    await requestIn(b, 'pending', { title: '=HYPERLINK("x")', requestedAt: new Date('2026-11-23T03:30:00Z') });
    const response = await (await as(b.admin)).get('/api/maintenance/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`mantenimiento-${todayThere()}.csv`);
    expect(response.text).toContain('ID,Título,Propiedad');
    expect(response.text).toContain(`'=HYPERLINK`);
    expect(response.text).toContain(',2026-11-22 23:30,');
    expect((await (await as(b.resident)).get('/api/maintenance/export.csv')).status).toBe(403);
  });

  it('exports with the headers and words of the administrator’s language', async () => {
    const b = await building();
    await requestIn(b, 'pending', { title: 'Fuga en el baño', priority: 'high' });
    await User.query().findById(b.admin.id).patch({ language: 'en' });
    const response = await (await as(b.admin)).get('/api/maintenance/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toContain(`maintenance-${todayThere()}.csv`);
    const [header, row] = response.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(header).toBe('ID,Title,Property,Unit or area,Priority,Status,Overdue,Requested by,Requested on,Assigned to,Scheduled for,Deadline,Completed,Rating');
    expect(row).toContain(',High,Pending,No,');
  });

  it('keeps the deadlines per organization: defaults, 400 for bad hours, 403 for others, and moves open requests', async () => {
    const b = await building();
    const agent = await as(b.admin);
    expect((await agent.get('/api/maintenance/settings')).body).toEqual({ deadlineHours: { emergency: 24, high: 72, medium: 168, low: 336 } });
    const open = await requestIn(b, 'pending', { priority: 'low', requestedAt: new Date(Date.now() - 10 * 3600_000) });
    const bad = await agent.put('/api/maintenance/settings').send({ deadlineHours: { emergency: 0, high: 72, medium: 168, low: 2.5 } });
    expect(bad.body.fields).toEqual({ 'deadlineHours.emergency': 'Debe ser un número entero de horas entre 1 y 2160', 'deadlineHours.low': 'Debe ser un número entero de horas entre 1 y 2160' });
    expect((await (await as(b.resident)).put('/api/maintenance/settings').send({ deadlineHours: { emergency: 1, high: 1, medium: 1, low: 1 } })).status).toBe(403);
    const saved = await agent.put('/api/maintenance/settings').send({ deadlineHours: { emergency: 12, high: 48, medium: 96, low: 8 } });
    expect(saved.status).toBe(200);
    expect((await agent.get('/api/maintenance/settings')).body.deadlineHours.low).toBe(8);
    const row = await MaintenanceRequest.query().findById(open.id);
    expect(Math.abs(row!.dueAt!.getTime() - (open.requestedAt.getTime() + 8 * 3600_000))).toBeLessThan(1000);
    expect((await agent.get('/api/maintenance?overdue=true')).body.map((r: { id: number }) => r.id)).toEqual([open.id]);
  });
});

describe('property staff', () => {
  it('lets administrators add a supplier of the organization per service, list and remove', async () => {
    const b = await building();
    const agent = await as(b.admin);
    const added = await agent.post(`/api/properties/${b.property.id}/staff`).send({ userId: b.stranger.id, service: 'security' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ service: 'security', user: { id: b.stranger.id } });
    expect((await agent.post(`/api/properties/${b.property.id}/staff`).send({ userId: b.stranger.id, service: 'security' })).status).toBe(409);
    for (const userId of [b.resident.id, (await createUser({ role: 'Suplidor' })).id]) {
      const refused = await agent.post(`/api/properties/${b.property.id}/staff`).send({ userId, service: 'maintenance' });
      expect(refused.body.fields).toEqual({ userId: 'Seleccione un suplidor activo de la organización' });
    }
    expect((await agent.post(`/api/properties/${b.property.id}/staff`).send({ userId: b.stranger.id, service: 'cocina' })).body.fields).toEqual({ service: 'Servicio inválido' });
    const list = await agent.get(`/api/properties/${b.property.id}/staff`);
    expect(list.body.map((s: { user: { id: number }; service: string }) => [s.user.id, s.service]).sort()).toEqual(
      [[b.supplier.id, 'maintenance'], [b.janitor.id, 'janitorial'], [b.stranger.id, 'security']].sort(),
    );
    // Staffing lets the supplier read the property.
    expect((await (await as(b.stranger)).get(`/api/properties/${b.property.id}`)).status).toBe(200);
    expect((await agent.delete(`/api/properties/${b.property.id}/staff/${added.body.id}`)).status).toBe(204);
    expect((await (await as(b.stranger)).get(`/api/properties/${b.property.id}`)).status).toBe(404);
    expect((await agent.delete(`/api/properties/${b.property.id}/staff/${added.body.id}`)).status).toBe(404);
  });

  it('answers 403 to the owner and 404 to residents, suppliers and other organizations', async () => {
    const b = await building();
    expect((await (await as(b.owner)).get(`/api/properties/${b.property.id}/staff`)).status).toBe(403);
    expect((await (await as(b.owner)).post(`/api/properties/${b.property.id}/staff`).send({ userId: b.stranger.id, service: 'security' })).status).toBe(403);
    expect((await (await as(b.resident)).get(`/api/properties/${b.property.id}/staff`)).status).toBe(403);
    expect((await (await as(b.stranger)).get(`/api/properties/${b.property.id}/staff`)).status).toBe(404);
    expect((await (await as((await building()).admin)).get(`/api/properties/${b.property.id}/staff`)).status).toBe(404);
  });

  it('gives back the open work of a supplier who leaves the maintenance staff', async () => {
    const b = await building();
    const scheduled = await requestIn(b, 'scheduled');
    const done = await requestIn(b, 'completed');
    const [staff] = await db()('property_staff').where({ propertyId: b.property.id, userId: b.supplier.id });
    expect((await (await as(b.admin)).delete(`/api/properties/${b.property.id}/staff/${staff.id}`)).status).toBe(204);
    expect(await MaintenanceRequest.query().findById(scheduled.id)).toMatchObject({ status: 'pending', assignedToId: null });
    expect(await MaintenanceRequest.query().findById(done.id)).toMatchObject({ status: 'completed', assignedToId: b.supplier.id });
    expect((await updatesOf(scheduled.id)).at(-1)).toMatchObject({ changes: { staffRemoved: true, status: 'pending' } });
  });
});

describe('the dashboard', () => {
  it('counts the open requests each user follows as pending issues', async () => {
    const b = await building();
    await requestIn(b, 'pending', {}, false);
    await requestIn(b, 'in-progress');
    await requestIn(b, 'completed');
    const pendingIssues = async (user: User) => (await (await as(user)).get('/api/dashboard')).body.pendingIssues;
    expect(await pendingIssues(b.admin)).toBe(2);
    expect(await pendingIssues(b.resident)).toBe(2);
    expect(await pendingIssues(b.supplier)).toBe(1);
    expect(await pendingIssues(b.neighbour)).toBe(0);
  });
});


describe('who is told (server/notifications/rules.ts)', () => {
  const recipientsOf = async (type: string, requestId: number, pick: (e: { audience: string; payload: Record<string, unknown> }) => boolean = (e) => e.audience === 'administrators') => {
    const events = (await eventsOf(requestId, type)).filter(pick);
    const event = events.at(-1)!;
    const live = { ...event, id: Number(event.id), createdAt: new Date(event.createdAt).toISOString() } as unknown as LiveEvent;
    const rows: Array<{ id: number }> = await ruleFor(type)!.recipients(live, db());
    return rows.map((row) => row.id).sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

  it('the requester hears of status changes, the technician of work assigned, the administrators of a refusal', async () => {
    const b = await building();
    const request = await requestIn(b, 'pending', {}, false);
    const date = new Date(Date.now() + 86_400_000).toISOString();
    await (await as(b.admin)).patch(`/api/maintenance/${request.id}`).send({ assignedToId: b.supplier.id, scheduledDate: date });
    expect(await recipientsOf('maintenance.updated', request.id)).toEqual(sorted(b.resident.id, b.supplier.id));
    // Only the administrators' copy of a change notifies (the key keeps one per person anyway).
    expect(await recipientsOf('maintenance.updated', request.id, (e) => e.audience === 'user')).toEqual([]);

    await (await as(b.supplier)).patch(`/api/maintenance/${request.id}`).send({ accepted: false, reason: 'Sin repuesto' });
    expect(await recipientsOf('maintenance.updated', request.id)).toEqual(sorted(b.resident.id, b.admin.id));
  });

  it('internal comments reach the technician only; public ones the requester and the technician; emergencies the administrators', async () => {
    const b = await building();
    const request = await requestIn(b, 'scheduled');
    await (await as(b.admin)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'Llave en conserjería', visibility: 'internal' });
    expect(await recipientsOf('maintenance.commented', request.id)).toEqual([b.supplier.id]);
    await (await as(b.admin)).post(`/api/maintenance/${request.id}/updates`).send({ content: 'Mañana a las 9' });
    expect(await recipientsOf('maintenance.commented', request.id)).toEqual(sorted(b.resident.id, b.supplier.id));

    const agent = await as(b.resident);
    const calm = await agent.post('/api/maintenance').send({ ...leak, priority: 'low', propertyId: b.property.id, location: 'Lobby' });
    expect(await recipientsOf('maintenance.created', calm.body.id)).toEqual([]);
    const urgent = await agent.post('/api/maintenance').send({ ...leak, priority: 'emergency', propertyId: b.property.id, location: 'Lobby' });
    expect(await recipientsOf('maintenance.created', urgent.body.id)).toEqual([b.admin.id]);
  });
});
