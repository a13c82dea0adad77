import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Unit } from '../../server/models';
import {
  adminWorld,
  createMaintenanceRequest,
  createProperty,
  createResident,
  createUnit,
  createUser,
  eventsOf,
  signedIn,
} from '../support/factories';
import { client, testApp } from '../support/services';

await testApp(); // connects this worker's database for the factories



describe('GET /api/properties/:id/units', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).get(`/api/properties/${property.id}/units`)).status).toBe(401);
  });

  it('lists the units in natural order with their resident counts, paged and searchable', async () => {
    const { property, agent } = await adminWorld();
    for (const unitNumber of ['10', '2', 'B-1']) await createUnit({ propertyId: property.id, unitNumber });
    const two = await Unit.query().findOne({ propertyId: property.id, unitNumber: '2' });
    await createResident({ property, unit: two });
    await createUnit({ unitNumber: '1' }); // another property

    const response = await agent.get(`/api/properties/${property.id}/units`);
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.body.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['2', '10', 'B-1']);
    expect(response.body[0]).toMatchObject({ unitNumber: '2', residentCount: 1, isAvailable: true, propertyId: property.id });

    const page = await agent.get(`/api/properties/${property.id}/units`).query({ limit: 1, offset: 1 });
    expect(page.body.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['10']);
    const search = await agent.get(`/api/properties/${property.id}/units`).query({ q: 'b-' });
    expect(search.body.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['B-1']);
  });

  it('lets the owner and residents of the property read them; a Suplidor with work there gets 403', async () => {
    const { organization, property } = await adminWorld();
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });

    expect((await (await signedIn(resident)).get(`/api/properties/${property.id}/units`)).status).toBe(200);
    expect((await (await signedIn(owner)).get(`/api/properties/${property.id}/units`)).status).toBe(200);
    expect((await (await signedIn(supplier)).get(`/api/properties/${property.id}/units`)).status).toBe(403);
  });

  it('answers 404 for a property of another organization or one the owner does not own', async () => {
    const { agent, organization } = await adminWorld();
    const foreign = await createProperty();
    expect((await agent.get(`/api/properties/${foreign.id}/units`)).status).toBe(404);
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const notOwned = await createProperty({ organizationId: organization.id });
    expect((await (await signedIn(owner)).get(`/api/properties/${notOwned.id}/units`)).status).toBe(404);
  });
});

describe('POST /api/properties/:id/units', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).post(`/api/properties/${property.id}/units`).send({ unitNumber: '1' })).status).toBe(401);
  });

  it('creates a unit (isAvailable by default, money in centavos) and records the event', async () => {
    const { property, agent, admin } = await adminWorld();
    const response = await agent
      .post(`/api/properties/${property.id}/units`)
      .send({ unitNumber: ' 101 ', floor: 1, squareMeters: 85.5, bedrooms: 2, bathrooms: 1.5, monthlyRent: 3_500_000, propertyId: 999 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ unitNumber: '101', floor: 1, squareMeters: 85.5, bathrooms: 1.5, isAvailable: true, monthlyRent: 3_500_000, residentCount: 0 });
    const row = await Unit.query().findById(response.body.id);
    expect(row).toMatchObject({ propertyId: property.id, unitNumber: '101', monthlyRent: 3_500_000 });
    const [event] = await eventsOf('unit.created', response.body.id);
    expect(event).toMatchObject({ audience: 'property', propertyId: property.id, actorId: admin.id, payload: { unitNumber: '101' } });
  });

  it('answers 400 with the spec messages', async () => {
    const { property, agent } = await adminWorld();
    const response = await agent
      .post(`/api/properties/${property.id}/units`)
      .send({ unitNumber: '', floor: 1.5, squareMeters: 0.5, bedrooms: -1, bathrooms: -1, monthlyRent: -1, isAvailable: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      unitNumber: 'El número de unidad es requerido',
      floor: 'Debe ser un número entero',
      squareMeters: 'El área debe ser al menos 1 metro cuadrado',
      bedrooms: 'Debe ser mayor o igual a 0',
      bathrooms: 'Debe ser mayor o igual a 0',
      monthlyRent: 'Debe ser mayor o igual a 0',
      isAvailable: 'Debe ser verdadero o falso',
    });
    expect(await db()('units').where({ propertyId: property.id }).first()).toBeUndefined();
  });

  it('refuses a unit number already used in the property with 409 and a field message', async () => {
    const { property, agent } = await adminWorld();
    await createUnit({ propertyId: property.id, unitNumber: '101' });
    const response = await agent.post(`/api/properties/${property.id}/units`).send({ unitNumber: '101' });
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ unitNumber: 'Ya existe una unidad con este número en la propiedad' });
    expect(await db()('units').where({ propertyId: property.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    // The same number in another property is fine.
    const other = await createProperty({ organizationId: property.organizationId });
    expect((await agent.post(`/api/properties/${other.id}/units`).send({ unitNumber: '101' })).status).toBe(201);
  });

  it('answers 403 to a resident of the property and 404 for another organization', async () => {
    const { user, property } = await createResident();
    expect((await (await signedIn(user)).post(`/api/properties/${property.id}/units`).send({ unitNumber: 'Z' })).status).toBe(403);
    const { agent } = await adminWorld();
    expect((await agent.post(`/api/properties/${property.id}/units`).send({ unitNumber: 'Z' })).status).toBe(404);
    expect(await db()('units').where({ propertyId: property.id, unitNumber: 'Z' }).first()).toBeUndefined();
  });
});

describe('GET, PATCH, DELETE /api/units/:id', () => {
  it('answers 401 without a session', async () => {
    const unit = await createUnit();
    const anonymous = await client();
    expect((await anonymous.get(`/api/units/${unit.id}`)).status).toBe(401);
    expect((await anonymous.patch(`/api/units/${unit.id}`).send({ floor: 2 })).status).toBe(401);
    expect((await anonymous.delete(`/api/units/${unit.id}`)).status).toBe(401);
  });

  it('reads a unit of a readable property and 404 for another organization', async () => {
    const { property, agent } = await adminWorld();
    const unit = await createUnit({ propertyId: property.id });
    expect((await agent.get(`/api/units/${unit.id}`)).body).toMatchObject({ id: unit.id, unitNumber: unit.unitNumber });
    const foreign = await createUnit();
    expect((await agent.get(`/api/units/${foreign.id}`)).status).toBe(404);
  });

  it('updates only the fields sent and records the event', async () => {
    const { property, agent } = await adminWorld();
    const unit = await createUnit({ propertyId: property.id, unitNumber: '1', monthlyRent: 100 });
    const response = await agent.patch(`/api/units/${unit.id}`).send({ isAvailable: false, floor: '3', monthlyRent: '' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ unitNumber: '1', isAvailable: false, floor: 3, monthlyRent: null });
    expect(await Unit.query().findById(unit.id)).toMatchObject({ isAvailable: false, floor: 3, monthlyRent: null });
    expect(await eventsOf('unit.updated', unit.id)).toHaveLength(1);
  });

  it('refuses a duplicate number (409) and bad values (400), changing nothing', async () => {
    const { property, agent } = await adminWorld();
    await createUnit({ propertyId: property.id, unitNumber: 'A' });
    const unit = await createUnit({ propertyId: property.id, unitNumber: 'B' });
    const duplicate = await agent.patch(`/api/units/${unit.id}`).send({ unitNumber: 'A' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.fields).toEqual({ unitNumber: 'Ya existe una unidad con este número en la propiedad' });
    const bad = await agent.patch(`/api/units/${unit.id}`).send({ squareMeters: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ squareMeters: 'El área debe ser al menos 1 metro cuadrado' });
    expect((await Unit.query().findById(unit.id))?.unitNumber).toBe('B');
    expect(await eventsOf('unit.updated', unit.id)).toEqual([]);
  });

  it('answers 403 to the owner and a resident, 404 for another organization', async () => {
    const { organization, property, agent: _agent } = await adminWorld();
    const { user: resident, unit } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    for (const user of [resident, owner]) {
      const agent = await signedIn(user);
      expect((await agent.get(`/api/units/${unit.id}`)).status).toBe(200);
      expect((await agent.patch(`/api/units/${unit.id}`).send({ floor: 9 })).status).toBe(403);
      expect((await agent.delete(`/api/units/${unit.id}`)).status).toBe(403);
    }
    const { agent: stranger } = await adminWorld();
    expect((await stranger.patch(`/api/units/${unit.id}`).send({ floor: 9 })).status).toBe(404);
    expect((await stranger.delete(`/api/units/${unit.id}`)).status).toBe(404);
    expect((await Unit.query().findById(unit.id))?.floor).toBeNull();
  });

  it('refuses to delete a unit where residents live (409); former residents do not block it', async () => {
    const { property, agent } = await adminWorld();
    const { unit, resident } = await createResident({ property });
    const refused = await agent.delete(`/api/units/${unit.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar la unidad: tiene residentes');
    expect(await Unit.query().findById(unit.id)).toBeDefined();

    await db()('residents').where({ id: resident.id }).update({ status: 'inactive' });
    const deleted = await agent.delete(`/api/units/${unit.id}`);
    expect(deleted.status).toBe(200);
    expect(await Unit.query().findById(unit.id)).toBeUndefined();
    expect(await db()('residents').where({ id: resident.id }).first()).toMatchObject({ unitId: null, status: 'inactive' });
    const [event] = await eventsOf('unit.deleted', unit.id);
    expect(event).toMatchObject({ audience: 'property', propertyId: property.id });
  });
});
