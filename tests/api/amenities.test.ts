import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Amenity } from '../../server/models';
import {
  adminWorld,
  createAmenity,
  createBooking,
  createMaintenanceRequest,
  createProperty,
  createResident,
  createUser,
  eventsOf,
  signedIn,
} from '../support/factories';
import { client, testApp } from '../support/services';

await testApp(); // connects this worker's database for the factories



describe('GET /api/properties/:id/amenities', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).get(`/api/properties/${property.id}/amenities`)).status).toBe(401);
  });

  it("lists the property's amenities by name, with hours as HH:MM and the rate in centavos", async () => {
    const { property, agent } = await adminWorld();
    await createAmenity({ propertyId: property.id, name: 'Piscina', openingTime: '08:00', closingTime: '20:00', hourlyRate: 50_000 });
    await createAmenity({ propertyId: property.id, name: 'Gimnasio', type: 'gym' });
    await createAmenity({ name: 'Ajena' });
    const response = await agent.get(`/api/properties/${property.id}/amenities`);
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body.map((a: { name: string }) => a.name)).toEqual(['Gimnasio', 'Piscina']);
    expect(response.body[1]).toMatchObject({ openingTime: '08:00', closingTime: '20:00', hourlyRate: 50_000, type: 'pool', isBookable: true });
  });

  it('lets the owner and residents read them; 403 for a Suplidor; 404 for another organization', async () => {
    const { organization, property } = await adminWorld();
    await createAmenity({ propertyId: property.id });
    const { user } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });

    expect((await (await signedIn(user)).get(`/api/properties/${property.id}/amenities`)).body).toHaveLength(1);
    expect((await (await signedIn(owner)).get(`/api/properties/${property.id}/amenities`)).body).toHaveLength(1);
    expect((await (await signedIn(supplier)).get(`/api/properties/${property.id}/amenities`)).status).toBe(403);
    const { agent: stranger } = await adminWorld();
    expect((await stranger.get(`/api/properties/${property.id}/amenities`)).status).toBe(404);
  });
});

describe('GET /api/amenities', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).get('/api/amenities')).status).toBe(401);
  });

  it('lists the amenities of every property the caller reads, filtered by property and name', async () => {
    const { organization, property, agent } = await adminWorld();
    const second = await createProperty({ organizationId: organization.id });
    const pool = await createAmenity({ propertyId: property.id, name: 'Piscina' });
    const bbq = await createAmenity({ propertyId: second.id, name: 'Área BBQ', type: 'bbq' });
    await createAmenity({ name: 'Ajena' });
    const all = await agent.get('/api/amenities');
    expect(all.body.map((a: { id: number }) => a.id).sort()).toEqual([pool.id, bbq.id].sort());
    expect((await agent.get('/api/amenities').query({ propertyId: second.id })).body.map((a: { id: number }) => a.id)).toEqual([bbq.id]);
    expect((await agent.get('/api/amenities').query({ q: 'area' })).body.map((a: { id: number }) => a.id)).toEqual([bbq.id]);

    const { user } = await createResident({ property });
    expect((await (await signedIn(user)).get('/api/amenities')).body.map((a: { id: number }) => a.id)).toEqual([pool.id]);
  });
});

describe('POST /api/amenities', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).post('/api/amenities').send({ name: 'Piscina', propertyId: property.id })).status).toBe(401);
  });

  it('creates an amenity with the spec defaults (pool, bookable, empty numbers are 0) and records the event', async () => {
    const { property, agent, admin } = await adminWorld();
    const response = await agent.post('/api/amenities').send({ name: 'Piscina', description: 'Climatizada', capacity: '', hourlyRate: '', propertyId: property.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Piscina', type: 'pool', isBookable: true, capacity: 0, hourlyRate: 0, openingTime: null, closingTime: null, propertyId: property.id, organizationId: property.organizationId });
    expect(await Amenity.query().findById(response.body.id)).toMatchObject({ type: 'pool', capacity: 0, organizationId: property.organizationId });
    const [event] = await eventsOf('amenity.created', response.body.id);
    expect(event).toMatchObject({ audience: 'property', propertyId: property.id, actorId: admin.id, payload: { name: 'Piscina' } });
  });

  it('stores every field, hours as HH:MM', async () => {
    const { property, agent } = await adminWorld();
    const response = await agent.post('/api/amenities').send({
      name: 'Salón de fiestas', type: 'party_room', capacity: 80, hourlyRate: 150_000, isBookable: false,
      openingTime: '09:00', closingTime: '23:30', propertyId: property.id,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ type: 'party_room', capacity: 80, hourlyRate: 150_000, isBookable: false, openingTime: '09:00', closingTime: '23:30' });
    expect((await Amenity.query().findById(response.body.id))?.closingTime).toBe('23:30:00');
  });

  it('answers 400 with the field messages and creates nothing', async () => {
    const { property, agent } = await adminWorld();
    const response = await agent.post('/api/amenities').send({
      name: '', type: 'zoo', capacity: -1, hourlyRate: 10.5, isBookable: 'sí', openingTime: '8am', propertyId: property.id,
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      name: 'El nombre es requerido',
      type: 'Tipo de amenidad inválido',
      capacity: 'Debe ser mayor o igual a 0',
      hourlyRate: 'Debe ser un número entero',
      isBookable: 'Debe ser verdadero o falso',
      openingTime: 'La hora debe tener el formato HH:MM',
    });
    const order = await agent.post('/api/amenities').send({ name: 'Gimnasio', openingTime: '20:00', closingTime: '08:00', propertyId: property.id });
    expect(order.body.fields).toEqual({ closingTime: 'La hora de cierre debe ser posterior a la de apertura' });
    const noProperty = await agent.post('/api/amenities').send({ name: 'Gimnasio' });
    expect(noProperty.body.fields).toEqual({ propertyId: 'Seleccione una propiedad' });
    expect(await db()('amenities').where({ propertyId: property.id }).first()).toBeUndefined();
  });

  it('answers 403 to a resident of the property and 404 for a property of another organization', async () => {
    const { user, property } = await createResident();
    expect((await (await signedIn(user)).post('/api/amenities').send({ name: 'Mía', propertyId: property.id })).status).toBe(403);
    const { agent } = await adminWorld();
    expect((await agent.post('/api/amenities').send({ name: 'Robada', propertyId: property.id })).status).toBe(404);
    expect(await db()('amenities').where({ propertyId: property.id }).first()).toBeUndefined();
  });
});

describe('GET, PATCH, DELETE /api/amenities/:id', () => {
  it('answers 401 without a session', async () => {
    const amenity = await createAmenity();
    const anonymous = await client();
    expect((await anonymous.get(`/api/amenities/${amenity.id}`)).status).toBe(401);
    expect((await anonymous.patch(`/api/amenities/${amenity.id}`).send({ capacity: 2 })).status).toBe(401);
    expect((await anonymous.delete(`/api/amenities/${amenity.id}`)).status).toBe(401);
  });

  it('reads one amenity of a readable property; 404 for another organization', async () => {
    const { property, agent } = await adminWorld();
    const amenity = await createAmenity({ propertyId: property.id });
    expect((await agent.get(`/api/amenities/${amenity.id}`)).body).toMatchObject({ id: amenity.id, name: amenity.name });
    expect((await agent.get(`/api/amenities/${(await createAmenity()).id}`)).status).toBe(404);
  });

  it('updates the fields sent, checking the hours with the stored ones, and records the event', async () => {
    const { property, agent } = await adminWorld();
    const amenity = await createAmenity({ propertyId: property.id, openingTime: '08:00', closingTime: '20:00', capacity: 10 });
    const early = await agent.patch(`/api/amenities/${amenity.id}`).send({ closingTime: '07:00' });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual({ closingTime: 'La hora de cierre debe ser posterior a la de apertura' });

    const response = await agent.patch(`/api/amenities/${amenity.id}`).send({ closingTime: '22:00', capacity: '', isBookable: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openingTime: '08:00', closingTime: '22:00', capacity: 0, isBookable: false, name: amenity.name });
    expect(await eventsOf('amenity.updated', amenity.id)).toHaveLength(1);
  });

  it('answers 403 to a resident and the owner, 404 for another organization', async () => {
    const { organization, property } = await adminWorld();
    const amenity = await createAmenity({ propertyId: property.id, capacity: 10 });
    const { user } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    for (const caller of [user, owner]) {
      const agent = await signedIn(caller);
      expect((await agent.patch(`/api/amenities/${amenity.id}`).send({ capacity: 1 })).status).toBe(403);
      expect((await agent.delete(`/api/amenities/${amenity.id}`)).status).toBe(403);
    }
    const { agent: stranger } = await adminWorld();
    expect((await stranger.patch(`/api/amenities/${amenity.id}`).send({ capacity: 1 })).status).toBe(404);
    expect((await stranger.delete(`/api/amenities/${amenity.id}`)).status).toBe(404);
    expect((await Amenity.query().findById(amenity.id))?.capacity).toBe(10);
  });

  it('refuses to delete an amenity with bookings still to come (409); deletes it with past ones', async () => {
    const { property, agent } = await adminWorld();
    const { user } = await createResident({ property });
    const amenity = await createAmenity({ propertyId: property.id });
    const booking = await createBooking({ amenityId: amenity.id, userId: user.id });
    const refused = await agent.delete(`/api/amenities/${amenity.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar la amenidad: tiene reservas pendientes o confirmadas');

    await db()('amenityBookings').where({ id: booking.id }).update({ status: 'cancelled' });
    const past = new Date(Date.now() - 48 * 3600_000);
    await createBooking({ amenityId: amenity.id, userId: user.id, startTime: past, endTime: new Date(past.getTime() + 3600_000), status: 'completed' });
    const deleted = await agent.delete(`/api/amenities/${amenity.id}`);
    expect(deleted.status).toBe(200);
    expect(await Amenity.query().findById(amenity.id)).toBeUndefined();
    expect(await db()('amenityBookings').where({ amenityId: amenity.id })).toEqual([]);
    expect(await eventsOf('amenity.deleted', amenity.id)).toHaveLength(1);
  });
});
