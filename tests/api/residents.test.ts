import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import {
  adminWorld,
  createAmenity,
  createBooking,
  createMaintenanceRequest,
  createProperty,
  createResident,
  createStaff,
  createUnit,
  createUser,
  createVisitorPass,
  eventsOf,
  signedIn,
  unique,
} from '../support/factories';
import { client, testApp } from '../support/services';
import { PNG_PROOF, day, fetchBytes } from '../support/billing';
import { messageText } from '../../shared/messages';

await testApp(); // connects this worker's database for the factories

const lauraWorld = (organizationOverrides = {}) =>
  adminWorld(organizationOverrides, { admin: { name: 'Laura', lastName: 'Gómez' } });

const residentForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carlos',
  lastName: 'Rodríguez',
  username: `${unique('carlos')}@example.com`,
  phone: '809-555-0101',
  unit: '101',
  status: 'active',
  ...overrides,
});

const letters = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('GET /api/properties/:id/residents', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).get(`/api/properties/${property.id}/residents`)).status).toBe(401);
  });

  it('lists the residents with user name, email, phone, unit number and status for an Administrador', async () => {
    const { property, agent } = await lauraWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '4B' });
    const { user, resident } = await createResident({ property, unit, user: { name: 'Marta', lastName: 'Núñez', phone: '809-555-0199' } });
    await createResident(); // elsewhere
    const response = await agent.get(`/api/properties/${property.id}/residents`);
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.body).toEqual([
      expect.objectContaining({
        id: resident.id,
        userId: user.id,
        name: 'Marta',
        lastName: 'Núñez',
        email: user.email,
        username: user.username,
        phone: '809-555-0199',
        unitNumber: '4B',
        status: 'active',
        propertyName: property.name,
      }),
    ]);
  });

  it("never gives a Residente other residents' email or phone, nor former neighbours", async () => {
    const { property } = await lauraWorld();
    const me = await createResident({ property, user: { phone: '809-000-0001' } });
    const neighbour = await createResident({ property, user: { phone: '809-000-0002' } });
    const former = await createResident({ property });
    await db()('residents').where({ id: former.resident.id }).update({ status: 'inactive' });

    const response = await (await signedIn(me.user)).get(`/api/properties/${property.id}/residents`);
    expect(response.status).toBe(200);
    const byId = Object.fromEntries(response.body.map((r: { id: number }) => [r.id, r]));
    expect(Object.keys(byId).map(Number).sort()).toEqual([me.resident.id, neighbour.resident.id].sort());
    expect(byId[neighbour.resident.id]).toMatchObject({ email: null, username: null, phone: null, name: neighbour.user.name });
    expect(byId[me.resident.id]).toMatchObject({ email: me.user.email, phone: '809-000-0001' });
    expect(JSON.stringify(response.body)).not.toContain(neighbour.user.email!);
    expect(JSON.stringify(response.body)).not.toContain('809-000-0002');
  });

  it('lets the owner read them with contact data; a Suplidor gets 403; another organization 404', async () => {
    const { organization, property, agent: _admin } = await lauraWorld();
    const { user } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    const ownerView = await (await signedIn(owner)).get(`/api/properties/${property.id}/residents`);
    expect(ownerView.body[0].email).toBe(user.email);

    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
    expect((await (await signedIn(supplier)).get(`/api/properties/${property.id}/residents`)).status).toBe(403);

    const { agent: stranger } = await lauraWorld();
    expect((await stranger.get(`/api/properties/${property.id}/residents`)).status).toBe(404);
  });
});

describe('owners of one unit (issue 26)', () => {
  it('read their building’s residents like a resident does: no other residents’ contact data', async () => {
    const { organization, property } = await lauraWorld();
    const neighbour = await createResident({ property, user: { phone: '809-000-0002' } });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await createUnit({ propertyId: property.id, ownerId: owner.id });
    const response = await (await signedIn(owner)).get(`/api/properties/${property.id}/residents`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject([{ id: neighbour.resident.id, email: null, username: null, phone: null }]);
    expect(JSON.stringify(response.body)).not.toContain('809-000-0002');
  });
});

describe('POST /api/properties/:id/residents', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).post(`/api/properties/${property.id}/residents`).send(residentForm())).status).toBe(401);
  });

  it('creates the Residente account with a temporary password shown once, in the unit of that number', async () => {
    const { organization, admin, property, agent } = await lauraWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '101' });
    const form = residentForm({ username: `  ${unique('Nuevo').toUpperCase()}@Example.com ` });
    const response = await agent.post(`/api/properties/${property.id}/residents`).send(form);
    expect(response.status).toBe(201);
    const username = (form.username as string).trim().toLowerCase();
    expect(response.body).toMatchObject({ name: 'Carlos', lastName: 'Rodríguez', email: username, unitId: unit.id, unitNumber: '101', status: 'active', propertyId: property.id });
    expect(response.body.tempPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(response.body.joinDate).toBe(new Date().toISOString().slice(0, 10));

    const user = await User.query().findOne({ username });
    expect(user).toMatchObject({ role: 'Residente', organizationId: organization.id, mustChangePassword: true, phone: '809-555-0101', email: username });
    expect(user!.password).not.toContain(response.body.tempPassword);
    const [event] = await eventsOf('resident.created', response.body.id);
    expect(event).toMatchObject({ audience: 'property', propertyId: property.id, actorId: admin.id, payload: { name: 'Carlos Rodríguez', unitNumber: '101' } });
    expect(JSON.stringify(event.payload)).not.toContain(username);
    expect(JSON.stringify(event.payload)).not.toContain(response.body.tempPassword);

    // The temporary password signs in, and must be changed before anything else.
    const newcomer = await client();
    expect((await newcomer.post('/api/login').send({ username, password: response.body.tempPassword })).status).toBe(200);
    const blocked = await newcomer.get(`/api/properties/${property.id}`);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('password_change_required');
  });

  it('refuses a unit the property does not have unless asked to create it; then creates it and records its event', async () => {
    const { property, agent } = await lauraWorld();
    const form = residentForm({ unit: 'PH-1' });
    const refused = await agent.post(`/api/properties/${property.id}/residents`).send(form);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'unknown_unit', fields: { unit: 'La propiedad no tiene esta unidad; confirme que desea crearla' } });
    expect(await db()('units').where({ propertyId: property.id }).first()).toBeUndefined();
    expect(await User.query().findOne({ username: form.username })).toBeUndefined();

    const response = await agent.post(`/api/properties/${property.id}/residents`).send({ ...form, createUnit: true });
    expect(response.status).toBe(201);
    const unit = await db()('units').where({ propertyId: property.id, unitNumber: 'PH-1' }).first();
    expect(unit).toMatchObject({ id: response.body.unitId, isAvailable: true });
    expect(await eventsOf('unit.created', unit.id)).toHaveLength(1);
  });

  it('places the resident in the unit of that number whatever its case, creating none', async () => {
    const { property, agent } = await lauraWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '4B' });
    const response = await agent.post(`/api/properties/${property.id}/residents`).send(residentForm({ unit: '4b', createUnit: true }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ unitId: unit.id, unitNumber: '4B' });
    expect(await db()('units').where({ propertyId: property.id })).toHaveLength(1);
  });

  it('links an existing user of the same organization without a new password or changing their profile', async () => {
    const { organization, property, agent } = await lauraWorld();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Rosa' });
    const response = await agent.post(`/api/properties/${property.id}/residents`).send(residentForm({ username: owner.username, name: 'Otra', createUnit: true }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userId: owner.id, name: 'Rosa', tempPassword: null });
    expect(await User.query().findById(owner.id)).toMatchObject({ name: 'Rosa', role: 'Propietario', mustChangePassword: false });
  });

  it("refuses with 409 an email of another organization's user, creating nothing", async () => {
    const { property, agent } = await lauraWorld();
    const stranger = await createUser();
    const response = await agent.post(`/api/properties/${property.id}/residents`).send(residentForm({ username: stranger.username, unit: 'X-9' }));
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ username: 'Ya existe una cuenta con este correo electrónico' });
    expect(await db()('residents').where({ userId: stranger.id }).first()).toBeUndefined();
    expect(await db()('units').where({ propertyId: property.id }).first()).toBeUndefined();
  });

  it("refuses with 409 a super-admin's email, so that their account is never edited through a residence", async () => {
    const { organization, property, agent } = await lauraWorld();
    const superAdmin = await createUser({ role: 'Administrador', organizationId: organization.id, isSuperAdmin: true, name: 'Sara' });
    const response = await agent
      .post(`/api/properties/${property.id}/residents`)
      .send(residentForm({ username: superAdmin.username, name: 'Cambiado', unit: 'S-1' }));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: 'account_protected',
      fields: { username: 'Ese correo pertenece a una cuenta que usted no puede administrar' },
    });
    expect(await db()('residents').where({ userId: superAdmin.id }).first()).toBeUndefined();
    expect(await db()('units').where({ propertyId: property.id }).first()).toBeUndefined();
    expect(await User.query().findById(superAdmin.id)).toMatchObject({ name: 'Sara' });
  });

  it('refuses with 409 a user already living in the property; reopens a former residence', async () => {
    const { property, agent } = await lauraWorld();
    const { user, resident } = await createResident({ property });
    const twice = await agent.post(`/api/properties/${property.id}/residents`).send(residentForm({ username: user.username }));
    expect(twice.status).toBe(409);
    expect(twice.body.fields).toEqual({ username: 'Este usuario ya es residente de esta propiedad' });

    await db()('residents').where({ id: resident.id }).update({ status: 'inactive', endDate: db().raw('current_date') });
    const back = await agent.post(`/api/properties/${property.id}/residents`).send(residentForm({ username: user.username, unit: '202', createUnit: true, status: 'temporary' }));
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: resident.id, status: 'temporary', unitNumber: '202', endDate: null });
  });

  it('answers 400 with the spec messages, creating nothing', async () => {
    const { property, agent } = await lauraWorld();
    const response = await agent
      .post(`/api/properties/${property.id}/residents`)
      .send({ name: ' ', lastName: '', username: 'no-es-correo', unit: '', status: 'moved' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      name: 'El nombre es requerido',
      lastName: 'El apellido es requerido',
      username: 'Debe ser un correo electrónico válido',
      unit: 'El número de unidad es requerido',
      status: 'Estado de residente inválido',
    });
    expect(await db()('residents').where({ propertyId: property.id }).first()).toBeUndefined();
  });

  it('answers 403 to the owner and a resident, 404 for another organization', async () => {
    const { organization, property } = await lauraWorld();
    const { user } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    for (const caller of [user, owner]) {
      const form = residentForm();
      expect((await (await signedIn(caller)).post(`/api/properties/${property.id}/residents`).send(form)).status).toBe(403);
      expect(await User.query().findOne({ username: form.username })).toBeUndefined();
    }
    const { agent: stranger } = await lauraWorld();
    const form = residentForm();
    expect((await stranger.post(`/api/properties/${property.id}/residents`).send(form)).status).toBe(404);
    expect(await User.query().findOne({ username: form.username })).toBeUndefined();
  });

  it('refuses a new account with 409 once the organization reached its maximum of users', async () => {
    const { property, agent } = await lauraWorld({ maxUsers: 1 });
    const form = residentForm();
    const response = await agent.post(`/api/properties/${property.id}/residents`).send(form);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('La organización alcanzó el máximo de usuarios permitido');
    expect(await User.query().findOne({ username: form.username })).toBeUndefined();
  });

  it('leaves no user, unit or event behind when a later step fails', async () => {
    const { property, agent } = await lauraWorld();
    // A database failure while inserting the residence, after the user and the unit were written.
    await db().raw(`
      create or replace function test_refuse_residence() returns trigger language plpgsql as $$
      begin raise exception 'residence refused by test'; end $$`);
    await db().raw(`create trigger test_refuse_residence before insert on residents for each row
      when (new.property_id = ${property.id}) execute function test_refuse_residence()`);
    try {
      const form = residentForm({ unit: 'Z-1', createUnit: true });
      const response = await agent.post(`/api/properties/${property.id}/residents`).send(form);
      expect(response.status).toBe(500);
      expect(await User.query().findOne({ username: form.username })).toBeUndefined();
      expect(await db()('units').where({ propertyId: property.id }).first()).toBeUndefined();
      expect(await db()('events').where({ propertyId: property.id }).first()).toBeUndefined();
    } finally {
      await db().raw('drop trigger test_refuse_residence on residents');
    }
  });
});

describe('PATCH /api/properties/:id/residents/:residentId', () => {
  it('answers 401 without a session', async () => {
    const { property, resident } = await createResident();
    const response = await (await client()).patch(`/api/properties/${property.id}/residents/${resident.id}`).send({ name: 'X', unit: '1' });
    expect(response.status).toBe(401);
  });

  it("edits the resident's name, last name, phone, unit and status, and records the event", async () => {
    const { property, agent } = await lauraWorld();
    const { user, resident } = await createResident({ property, user: { phone: '809-1' } });
    const response = await agent
      .patch(`/api/properties/${property.id}/residents/${resident.id}`)
      .send({ name: 'Ana María', lastName: '', unit: '305', createUnit: true, status: 'temporary' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Ana María', lastName: null, phone: '809-1', unitNumber: '305', status: 'temporary' });
    expect(await User.query().findById(user.id)).toMatchObject({ name: 'Ana María', lastName: null, phone: '809-1' });
    expect(await eventsOf('resident.updated', resident.id)).toHaveLength(1);
  });

  it("refuses with 409 to change a super-admin's name or phone through their residence; their unit may change", async () => {
    const { organization, property, agent } = await lauraWorld();
    const { user, resident } = await createResident({
      property,
      user: { role: 'Administrador', isSuperAdmin: true, name: 'Sara', lastName: 'Luna', phone: '809-555-0000', organizationId: organization.id },
    });
    const renamed = await agent.patch(`/api/properties/${property.id}/residents/${resident.id}`).send({ name: 'Otra', unit: '9' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe('account_protected');
    expect(await User.query().findById(user.id)).toMatchObject({ name: 'Sara', phone: '809-555-0000' });
    expect(await db()('residents').where({ id: resident.id }).first()).toMatchObject({ unitId: resident.unitId });

    const moved = await agent
      .patch(`/api/properties/${property.id}/residents/${resident.id}`)
      .send({ name: 'Sara', lastName: 'Luna', phone: '809-555-0000', unit: '9', createUnit: true });
    expect(moved.status).toBe(200);
    expect(moved.body.unitNumber).toBe('9');
  });

  it('refuses to move the resident to a unit the property does not have unless asked to create it', async () => {
    const { property, agent } = await lauraWorld();
    const { user, resident, unit } = await createResident({ property });
    const path = `/api/properties/${property.id}/residents/${resident.id}`;
    const refused = await agent.patch(path).send({ name: 'Otro nombre', unit: '9Z' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('unknown_unit');
    expect((await User.query().findById(user.id))?.name).toBe(user.name);
    expect(await db()('residents').where({ id: resident.id }).first()).toMatchObject({ unitId: unit.id });
    expect(await db()('units').where({ propertyId: property.id, unitNumber: '9Z' }).first()).toBeUndefined();
  });

  it('answers 400 with the spec messages (name and unit required)', async () => {
    const { property, agent } = await lauraWorld();
    const { user, resident } = await createResident({ property });
    const response = await agent.patch(`/api/properties/${property.id}/residents/${resident.id}`).send({ name: '', unit: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ name: 'El nombre es requerido', unit: 'El número de unidad es requerido' });
    expect((await User.query().findById(user.id))?.name).toBe(user.name);
  });

  it('answers 404 for a resident of another property, 403 to a resident, 404 for another organization', async () => {
    const { organization, property, agent } = await lauraWorld();
    const elsewhere = await createResident({ property: await createProperty({ organizationId: organization.id }) });
    expect((await agent.patch(`/api/properties/${property.id}/residents/${elsewhere.resident.id}`).send({ name: 'X', unit: '1' })).status).toBe(404);

    const { user, resident } = await createResident({ property });
    expect((await (await signedIn(user)).patch(`/api/properties/${property.id}/residents/${resident.id}`).send({ name: 'Yo', unit: '1' })).status).toBe(403);
    const { agent: stranger } = await lauraWorld();
    expect((await stranger.patch(`/api/properties/${property.id}/residents/${resident.id}`).send({ name: 'X', unit: '1' })).status).toBe(404);
    expect((await User.query().findById(user.id))?.name).toBe(user.name);
  });
});

describe('POST /api/properties/:id/residents/:residentId/deactivate', () => {
  it('answers 401 without a session', async () => {
    const { property, resident } = await createResident();
    expect((await (await client()).post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`)).status).toBe(401);
  });

  it('sets the status inactive and ends the access of the resident to the property', async () => {
    const { property, agent } = await lauraWorld();
    const { user, resident } = await createResident({ property });
    const residentAgent = await signedIn(user);
    expect((await residentAgent.get(`/api/properties/${property.id}`)).status).toBe(200);

    const response = await agent.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'inactive', endDate: new Date().toISOString().slice(0, 10) });
    // Their only residence: they are signed out (policies/access.ts).
    expect((await residentAgent.get(`/api/properties/${property.id}`)).status).toBe(401);
    expect(await eventsOf('resident.deactivated', resident.id)).toHaveLength(1);
    // Again: nothing changes, no second event.
    expect((await agent.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`)).status).toBe(200);
    expect(await eventsOf('resident.deactivated', resident.id)).toHaveLength(1);
  });

  it('answers 403 to the owner and 404 for another organization', async () => {
    const { organization, property } = await lauraWorld();
    const { resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    expect((await (await signedIn(owner)).post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`)).status).toBe(403);
    const { agent: stranger } = await lauraWorld();
    expect((await stranger.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`)).status).toBe(404);
    expect((await db()('residents').where({ id: resident.id }).first()).status).toBe('active');
  });
});

describe('a residence that ends (issue 26)', () => {
  it('cancels, with their events, the passes and bookings the person had for that unit, unless they still act for it', async () => {
    const { organization, property, admin, agent } = await lauraWorld();
    const { user, unit, resident } = await createResident({ property });
    const landlord = await createUser({ role: 'Propietario', organizationId: organization.id });
    const owned = await createUnit({ propertyId: property.id, ownerId: landlord.id });
    const [livesThere] = await db()('residents').insert({ userId: landlord.id, propertyId: property.id, unitId: owned.id }).returning('*');
    const guard = await createUser({ role: 'Suplidor', organizationId: organization.id });
    await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
    const hosted = await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: user.id });
    const kept = await createVisitorPass({ propertyId: property.id, unitId: owned.id, hostId: landlord.id });
    const room = await createAmenity({ propertyId: property.id });
    const booking = await createBooking({ amenityId: room.id, userId: user.id, unitId: unit.id });
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const keptBooking = await createBooking({ amenityId: room.id, userId: landlord.id, unitId: owned.id, startTime: inThreeDays, endTime: new Date(inThreeDays.getTime() + 3_600_000) });

    expect((await agent.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`)).status).toBe(200);
    expect((await agent.post(`/api/properties/${property.id}/residents/${livesThere.id}/deactivate`)).status).toBe(200);

    expect(await db()('visitors').where({ id: hosted.id }).first()).toMatchObject({ status: 'cancelled', cancelledReason: messageText('visitor_refused_host_left') });
    expect((await db()('visitors').where({ id: kept.id }).first()).status).toBe('scheduled');
    expect((await eventsOf('visitor.cancelled', hosted.id)).map((e) => [e.audience, e.actorId])).toContainEqual(['administrators', admin.id]);
    expect(await db()('amenityBookings').where({ id: booking.id }).first()).toMatchObject({ status: 'cancelled', cancelReason: messageText('booking_cancelled_resident_left') });
    expect((await db()('amenityBookings').where({ id: keptBooking.id }).first()).status).toBe('confirmed');
    expect((await eventsOf('booking.cancelled', booking.id)).map((e) => [e.audience, e.userId])).toContainEqual(['user', user.id]);
    // The landlord still owns their unit: they still act for it.
    expect((await (await signedIn(landlord)).get(`/api/visitors/${kept.id}`)).status).toBe(200);
  });

  it('leaves the person who moved elsewhere their own payments and receipts, and nothing else of the unit (docs/permissions.md)', async () => {
    const { organization, property, agent } = await lauraWorld();
    const { user, unit, resident } = await createResident({ property });
    expect((await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: day(10), description: 'Cuota' })).status).toBe(201);
    const paid = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 100_000, method: 'cash', receivedAt: day(0) })).body;
    const residentAgent = await signedIn(user);
    const transfer = (reference: string) =>
      residentAgent.post('/api/payments/report').send({ unitId: unit.id, amount: 50_000, receivedAt: day(-1), reference, proof: { fileName: 'comprobante.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') } });
    const reported = (await transfer('BPD-1')).body;
    const request = await createMaintenanceRequest({ propertyId: property.id, unitId: unit.id, requestedById: user.id });
    expect(paid.userId).toBe(user.id);

    // Moved to another building of the organization: still signed in.
    const elsewhere = await createProperty({ organizationId: organization.id });
    expect((await agent.post(`/api/properties/${elsewhere.id}/residents`).send(residentForm({ username: user.username, unit: '1A', createUnit: true }))).status).toBe(201);
    expect((await agent.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`)).status).toBe(200);

    // Kept: their own payments (recorded for them or reported by them), their receipts and proofs.
    expect((await residentAgent.get('/api/payments')).body.map((p: { id: number }) => p.id).sort()).toEqual([paid.id, reported.id].sort());
    const receipt = await fetchBytes(residentAgent, `/api/payments/${paid.id}/receipt.pdf`);
    expect([receipt.status, receipt.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await fetchBytes(residentAgent, `/api/payments/${reported.id}/proof`)).status).toBe(200);
    // Not kept: the unit's account (its charges, statement, summary), reporting for it, its requests.
    expect((await residentAgent.get('/api/charges')).body).toEqual([]);
    expect((await residentAgent.get(`/api/units/${unit.id}/statement`)).status).toBe(404);
    expect((await residentAgent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 0, credit: 0 });
    expect((await residentAgent.get(`/api/payments?unitId=${unit.id}`)).status).toBe(404);
    expect((await transfer('BPD-2')).status).toBe(404);
    expect((await residentAgent.get(`/api/maintenance/${request.id}`)).status).toBe(404);
    // A neighbour's payment stays out of reach.
    const { unit: neighbourUnit } = await createResident({ property });
    const theirs = (await agent.post('/api/payments').send({ unitId: neighbourUnit.id, amount: 100_000, method: 'cash', receivedAt: day(0) })).body;
    expect((await residentAgent.get(`/api/payments/${theirs.id}/receipt.pdf`)).status).toBe(404);
  });
});

describe('GET /api/residents (directory)', () => {
  async function directory() {
    const world = await lauraWorld();
    const second = await createProperty({ organizationId: world.organization.id, name: 'Villa Sol' });
    const people = [
      { name: 'José', lastName: 'Pérez', unit: '101', property: world.property },
      { name: 'Ana', lastName: 'Martínez', unit: '102', property: world.property },
      { name: 'Beatriz', lastName: 'Santos', unit: 'PH-3', property: second },
      { name: 'Carmen', lastName: 'Ureña', unit: '201', property: second },
    ];
    const residents = [];
    for (const person of people) {
      const unit = await createUnit({ propertyId: person.property.id, unitNumber: person.unit });
      // Emails without digits, so a search for a unit number can only match units.
      const username = `${person.lastName.normalize('NFD').replace(/[^a-z]/gi, '').toLowerCase()}.${letters()}@example.com`;
      residents.push(await createResident({ property: person.property, unit, user: { name: person.name, lastName: person.lastName, username } }));
    }
    await db()('residents').where({ id: residents[3].resident.id }).update({ status: 'inactive' });
    return { ...world, second, residents };
  }
  const names = (body: Array<{ name: string }>) => body.map((r) => r.name);

  it('answers 401 without a session', async () => {
    expect((await (await client()).get('/api/residents')).status).toBe(401);
  });

  it("lists the organization's residents sorted by name, with no other organization's", async () => {
    const { agent } = await directory();
    const stranger = await createResident({ user: { name: 'Aaron' } });
    const response = await agent.get('/api/residents');
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('4');
    expect(names(response.body)).toEqual(['Ana', 'Beatriz', 'Carmen', 'José']);
    expect(JSON.stringify(response.body)).not.toContain(stranger.user.email!);
  });

  it('searches name, last name, email and unit without minding case or accents', async () => {
    const { agent, residents } = await directory();
    expect(names((await agent.get('/api/residents').query({ q: 'perez' })).body)).toEqual(['José']);
    expect(names((await agent.get('/api/residents').query({ q: 'MARTÍN' })).body)).toEqual(['Ana']);
    expect(names((await agent.get('/api/residents').query({ q: 'jose perez' })).body)).toEqual(['José']);
    expect(names((await agent.get('/api/residents').query({ q: residents[2].user.email!.slice(0, 12) })).body)).toEqual(['Beatriz']);
    expect(names((await agent.get('/api/residents').query({ q: 'ph-' })).body)).toEqual(['Beatriz']);
    // Unit numbers match by their beginning: "10" is 101 and 102, not 201.
    expect(names((await agent.get('/api/residents').query({ q: '10' })).body)).toEqual(['Ana', 'José']);
    expect((await agent.get('/api/residents').query({ q: '01' })).body).toEqual([]);
    expect((await agent.get('/api/residents').query({ q: '_' })).body).toEqual([]);
  });

  it('filters by status and property and pages on the server', async () => {
    const { agent, second } = await directory();
    expect(names((await agent.get('/api/residents').query({ status: 'inactive' })).body)).toEqual(['Carmen']);
    expect(names((await agent.get('/api/residents').query({ propertyId: second.id })).body)).toEqual(['Beatriz', 'Carmen']);
    const page = await agent.get('/api/residents').query({ limit: 2, offset: 2 });
    expect(page.headers['x-total-count']).toBe('4');
    expect(names(page.body)).toEqual(['Carmen', 'José']);
    const bad = await agent.get('/api/residents').query({ status: 'gone' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: 'Estado de residente inválido' });
  });

  it("gives a Residente their property's residents without contact data, a Suplidor 403", async () => {
    const { residents, organization } = await directory();
    const me = residents[0];
    const agent = await signedIn(me.user);
    const response = await agent.get('/api/residents');
    expect(names(response.body)).toEqual(['Ana', 'José']);
    // A search keeps to the same residents (the other property's Beatriz is not found).
    expect(names((await agent.get('/api/residents').query({ q: 'a' })).body)).toEqual(['Ana', 'José']);
    expect((await agent.get('/api/residents').query({ q: 'santos' })).body).toEqual([]);
    expect(response.body.find((r: { name: string }) => r.name === 'Ana')).toMatchObject({ email: null, phone: null, username: null });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    expect((await (await signedIn(supplier)).get('/api/residents')).status).toBe(403);
  });
});

describe('GET /api/residents/export', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).get('/api/residents/export')).status).toBe(401);
  });

  it('exports the filtered list as CSV with Spanish headers and a BOM', async () => {
    const { property, agent } = await lauraWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '7A' });
    const { user } = await createResident({ property, unit, user: { name: 'Íñigo', lastName: 'Núñez', phone: '+1 809-555-0100' } });
    await createResident({ property, user: { name: '=HYPERLINK("x")', lastName: 'Malo' } });
    await createResident({ user: { name: 'Ajeno' } });
    const response = await agent.get('/api/residents/export').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="residentes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = response.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).trim().split('\n');
    expect(lines[0]).toBe('Nombre,Apellido,Correo electrónico,Teléfono,Propiedad,Unidad,Estado,Fecha de ingreso');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(`Íñigo,Núñez,${user.email},+1 809-555-0100,${property.name},7A,Activo,${new Date().toISOString().slice(0, 10)}`);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""x"")",Malo`))).toBe(true);
    expect(body.toString('utf8')).not.toContain('Ajeno');

    const filtered = await agent.get('/api/residents/export').query({ q: 'iñigo' });
    expect(filtered.text.trim().split('\n')).toHaveLength(2);
  });
});

describe('GET /api/residents/export in English', () => {
  it('has English headers and statuses for an English-speaking administrator', async () => {
    const { property, agent, admin } = await lauraWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '7A' });
    await createResident({ property, unit, user: { name: 'Íñigo', lastName: 'Núñez' } });
    await User.query().findById(admin.id).patch({ language: 'en' });
    const response = await agent.get('/api/residents/export');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="residents-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Name,Last name,Email,Phone,Property,Unit,Status,Join date');
    expect(lines[1]).toMatch(/^Íñigo,Núñez,.*,7A,Active,/);
  });
});

describe('GET /api/residents/:id', () => {
  it('answers 401 without a session', async () => {
    const { resident } = await createResident();
    expect((await (await client()).get(`/api/residents/${resident.id}`)).status).toBe(401);
  });

  it('gives the profile: user data, property, unit, status and join date', async () => {
    const { property, agent } = await lauraWorld();
    const { user, resident, unit } = await createResident({ property });
    await db()('residents').where({ id: resident.id }).update({ startDate: '2024-03-01' });
    const response = await agent.get(`/api/residents/${resident.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: resident.id, userId: user.id, name: user.name, email: user.email, propertyId: property.id,
      propertyName: property.name, unitNumber: unit.unitNumber, status: 'active', joinDate: '2024-03-01',
    });
  });

  it('answers 404 for another organization, and hides contact data from a neighbour', async () => {
    const { property, agent } = await lauraWorld();
    const foreign = await createResident();
    expect((await agent.get(`/api/residents/${foreign.resident.id}`)).status).toBe(404);
    expect((await agent.get('/api/residents/abc')).status).toBe(404);
    const me = await createResident({ property });
    const neighbour = await createResident({ property });
    const view = await (await signedIn(me.user)).get(`/api/residents/${neighbour.resident.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ email: null, phone: null, username: null });
  });
});

describe('POST /api/residents/:id/messages', () => {
  it('answers 401 without a session', async () => {
    const { resident } = await createResident();
    expect((await (await client()).post(`/api/residents/${resident.id}/messages`).send({ title: 'Hola', message: 'Mensaje' })).status).toBe(401);
  });

  it('sends a direct notice to the resident, recorded as notice.sent for that user only', async () => {
    const { property, admin, agent } = await lauraWorld();
    const { user, resident } = await createResident({ property });
    const response = await agent.post(`/api/residents/${resident.id}/messages`).send({ title: 'Pago pendiente', message: 'Recuerde el pago de mayo.' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ residentId: resident.id, userId: user.id, title: 'Pago pendiente', senderName: 'Laura Gómez' });
    const [event] = await eventsOf('notice.sent', resident.id);
    expect(event).toMatchObject({
      audience: 'user',
      userId: user.id,
      actorId: admin.id,
      organizationId: property.organizationId,
      payload: { title: 'Pago pendiente', message: 'Recuerde el pago de mayo.', senderName: 'Laura Gómez' },
    });
  });

  it('answers 400 with the field messages, sending nothing', async () => {
    const { property, agent } = await lauraWorld();
    const { resident } = await createResident({ property });
    const response = await agent.post(`/api/residents/${resident.id}/messages`).send({ title: ' ', message: '' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ title: 'El título es requerido', message: 'El mensaje es requerido' });
    expect(await eventsOf('notice.sent', resident.id)).toEqual([]);
  });

  it('answers 403 to a neighbour and 404 for another organization', async () => {
    const { property } = await lauraWorld();
    const { resident } = await createResident({ property });
    const neighbour = await createResident({ property });
    expect((await (await signedIn(neighbour.user)).post(`/api/residents/${resident.id}/messages`).send({ title: 'Hola', message: 'Spam' })).status).toBe(403);
    const { agent: stranger } = await lauraWorld();
    expect((await stranger.post(`/api/residents/${resident.id}/messages`).send({ title: 'Hola', message: 'Spam' })).status).toBe(404);
    expect(await eventsOf('notice.sent', resident.id)).toEqual([]);
  });
});
