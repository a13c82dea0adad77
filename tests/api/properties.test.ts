import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Property } from '../../server/models';
import {
  adminWorld,
  createAmenity,
  createDocument,
  createStaff,
  createOrganization,
  createCharge,
  createProperty,
  createResident,
  createUnit,
  createUser,
  eventsOf,
  signedIn,
  unique,
} from '../support/factories';
import { client, testApp } from '../support/services';

await testApp(); // connects this worker's database for the factories

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An organization with a signed-in Administrador. */
const world = (organizationOverrides = {}) => adminWorld(organizationOverrides, { withProperty: false });

const validProperty = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Residencial Los Prados'),
  address: 'Calle El Sol 12',
  country: 'DO',
  city: 'DO-santiago',
  description: 'Torre de 12 apartamentos',
  ...overrides,
});


describe('GET /api/properties', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).get('/api/properties')).status).toBe(401);
  });

  it('gives an Administrador every property of the organization, with counts (units: its rows in units), and nothing of another', async () => {
    const { organization, agent } = await world();
    const property = await createProperty({ organizationId: organization.id, name: 'A Torre' });
    const unit = await createUnit({ propertyId: property.id });
    await createUnit({ propertyId: property.id });
    await createResident({ property, unit });
    const inactive = await createResident({ property, unit });
    await db()('residents').where({ id: inactive.resident.id }).update({ status: 'inactive' });
    const foreign = await createProperty({ name: 'A Torre ajena' });

    const response = await agent.get('/api/properties');
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.body).toEqual([
      expect.objectContaining({ id: property.id, name: 'A Torre', units: 2, residentCount: 1, image: null }),
    ]);
    expect(JSON.stringify(response.body)).not.toContain(foreign.name);
  });

  it('gives a master Administrador the properties of its client organizations too', async () => {
    const { organization, agent } = await world({ type: 'master' });
    const child = await createOrganization({ parentId: organization.id });
    const childProperty = await createProperty({ organizationId: child.id });
    const own = await createProperty({ organizationId: organization.id });
    const ids = (await agent.get('/api/properties')).body.map((p: { id: number }) => p.id);
    expect(ids.sort()).toEqual([own.id, childProperty.id].sort());
  });

  it('gives a Propietario only the properties they own', async () => {
    const organization = await createOrganization();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const owned = await createProperty({ organizationId: organization.id, ownerId: owner.id });
    await createProperty({ organizationId: organization.id });
    const response = await (await signedIn(owner)).get('/api/properties');
    expect(response.body.map((p: { id: number }) => p.id)).toEqual([owned.id]);
  });

  it('gives a Residente the property they live in, and nothing once deactivated', async () => {
    const { user, property, resident } = await createResident();
    await createProperty({ organizationId: property.organizationId });
    const agent = await signedIn(user);
    expect((await agent.get('/api/properties')).body.map((p: { id: number }) => p.id)).toEqual([property.id]);
    await db()('residents').where({ id: resident.id }).update({ status: 'inactive' });
    // Their only residence: signed out (policies/access.ts), reading nothing.
    expect((await agent.get('/api/properties')).status).toBe(401);
  });

  it('gives a Suplidor the properties they staff', async () => {
    const organization = await createOrganization();
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    const assigned = await createProperty({ organizationId: organization.id });
    await createProperty({ organizationId: organization.id });
    await createStaff({ propertyId: assigned.id, userId: supplier.id, service: 'security' });
    const response = await (await signedIn(supplier)).get('/api/properties');
    expect(response.body.map((p: { id: number }) => p.id)).toEqual([assigned.id]);
  });

  it('searches name and address without minding case or accents, and pages with X-Total-Count', async () => {
    const { organization, agent } = await world();
    for (const name of ['Torre Ámbar', 'Torre Bávaro', 'Torre Coral']) await createProperty({ organizationId: organization.id, name });
    await createProperty({ organizationId: organization.id, name: 'Villa Mar', address: 'Calle Ámbar 3' });
    await createProperty({ organizationId: organization.id, name: 'Casa 100%' });

    const search = await agent.get('/api/properties').query({ q: 'ambar' });
    expect(search.body.map((p: { name: string }) => p.name)).toEqual(['Torre Ámbar', 'Villa Mar']);
    // LIKE wildcards are taken literally.
    expect((await agent.get('/api/properties').query({ q: '%' })).body.map((p: { name: string }) => p.name)).toEqual(['Casa 100%']);

    const page = await agent.get('/api/properties').query({ q: 'torre', limit: 2, offset: 1 });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((p: { name: string }) => p.name)).toEqual(['Torre Bávaro', 'Torre Coral']);
  });

  it('answers 400 for a bad page', async () => {
    const { agent } = await world();
    const response = await agent.get('/api/properties').query({ limit: 0 });
    expect(response.status).toBe(400);
    expect(response.body.fields.limit).toBeDefined();
  });
});

describe('GET /api/properties/:id', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).get(`/api/properties/${property.id}`)).status).toBe(401);
  });

  it('answers the property to its readers and 404 to others (other organization, not owned, bad id)', async () => {
    const { organization, agent } = await world();
    const property = await createProperty({ organizationId: organization.id, rent: 4_500_000, bathrooms: 2.5 });
    const response = await agent.get(`/api/properties/${property.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: property.id, rent: 4_500_000, bathrooms: 2.5, type: 'apartment', status: 'vacant' });

    const foreign = await createProperty();
    expect((await agent.get(`/api/properties/${foreign.id}`)).status).toBe(404);
    expect((await agent.get('/api/properties/abc')).status).toBe(404);

    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const ownerAgent = await signedIn(owner);
    expect((await ownerAgent.get(`/api/properties/${property.id}`)).status).toBe(404);
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    expect((await ownerAgent.get(`/api/properties/${property.id}`)).status).toBe(200);
  });
});

describe('POST /api/properties', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).post('/api/properties').send(validProperty())).status).toBe(401);
  });

  it.each(['Propietario', 'Residente', 'Suplidor'] as const)('refuses a %s with 403 and creates nothing', async (role) => {
    const user = await createUser({ role });
    const body = validProperty();
    const response = await (await signedIn(user)).post('/api/properties').send(body);
    expect(response.status).toBe(403);
    expect(await db()('properties').where({ name: body.name }).first()).toBeUndefined();
  });

  it('creates the property in the caller organization with the spec defaults, and its event', async () => {
    const { organization, admin, agent } = await world();
    const body = { name: 'Residencial Los Prados', address: 'Calle El Sol 12', country: 'DO', city: 'DO-santiago' };
    const response = await agent.post('/api/properties').send(body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ ...body, units: 0, type: 'apartment', status: 'vacant', residentCount: 0, organizationId: organization.id, image: null });
    const row = await Property.query().findById(response.body.id);
    expect(row).toMatchObject({ name: body.name, organizationId: organization.id, type: 'apartment', status: 'vacant' });
    const [event] = await eventsOf('property.created', response.body.id);
    expect(event).toMatchObject({ audience: 'property', propertyId: response.body.id, organizationId: organization.id, actorId: admin.id });
  });

  it('counts its units instead of taking a typed number: adding and deleting units changes it', async () => {
    const { agent } = await world();
    const created = await agent.post('/api/properties').send(validProperty({ units: 24 }));
    expect(created.status).toBe(201);
    expect(created.body.units).toBe(0);
    const id = created.body.id;
    const unit = await agent.post(`/api/properties/${id}/units`).send({ unitNumber: '1A' });
    await agent.post(`/api/properties/${id}/units`).send({ unitNumber: '1B' });
    expect((await agent.get(`/api/properties/${id}`)).body.units).toBe(2);
    expect((await agent.patch(`/api/properties/${id}`).send({ units: 40 })).body.units).toBe(2);
    await agent.delete(`/api/units/${unit.body.id}`);
    expect((await agent.get('/api/properties')).body.find((p: { id: number }) => p.id === id).units).toBe(1);
  });

  it('stores the optional fields (money in centavos, bathrooms with one decimal) and an owner of the organization', async () => {
    const { organization, agent } = await world();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const response = await agent
      .post('/api/properties')
      .send(validProperty({ type: 'house', status: 'occupied', bedrooms: 3, bathrooms: 2.5, area: 180, rent: 4_500_000, ownerId: owner.id }));
    expect(response.status).toBe(201);
    const row = await Property.query().findById(response.body.id);
    expect(row).toMatchObject({ type: 'house', status: 'occupied', bedrooms: 3, bathrooms: 2.5, area: 180, rent: 4_500_000, ownerId: owner.id });
  });

  it('answers 400 with the field messages and writes nothing', async () => {
    const { agent } = await world();
    const name = unique('Mala');
    const response = await agent
      .post('/api/properties')
      .send({ name, address: '', country: 'DO', city: 'DO-santiago', rent: -1, area: -5, bathrooms: 2.55, bedrooms: 1.5, type: 'castle' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      address: 'Este campo es requerido',
      rent: 'Debe ser mayor o igual a 0',
      area: 'Debe ser mayor o igual a 0',
      bathrooms: 'Los baños deben ser un número entre 0 y 9.9 con un decimal como máximo',
      bedrooms: 'Debe ser un número entero',
      type: 'Tipo de propiedad inválido',
    });
    expect(await db()('properties').where({ name }).first()).toBeUndefined();
  });

  it('answers 400 for a country or city outside the catalogue, or a city of another country', async () => {
    const { agent } = await world();
    const unknownCountry = await agent.post('/api/properties').send(validProperty({ country: 'XX', city: 'XX-a' }));
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.fields).toEqual({ country: 'País desconocido' });
    const wrongCity = await agent.post('/api/properties').send(validProperty({ country: 'US', city: 'DO-santiago' }));
    expect(wrongCity.body.fields).toEqual({ city: 'Ciudad desconocida para el país elegido' });
  });

  it('refuses an owner who is not a Propietario of the organization', async () => {
    const { organization, agent } = await world();
    const foreignOwner = await createUser({ role: 'Propietario' });
    const resident = await createUser({ role: 'Residente', organizationId: organization.id });
    for (const ownerId of [foreignOwner.id, resident.id, 999_999_999]) {
      const response = await agent.post('/api/properties').send(validProperty({ ownerId }));
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ ownerId: 'El propietario debe ser un usuario Propietario de la organización' });
    }
  });

  it('lets a master Administrador create in a client organization, but not a client Administrador elsewhere', async () => {
    const master = await world({ type: 'master' });
    const child = await createOrganization({ parentId: master.organization.id });
    const created = await master.agent.post('/api/properties').send(validProperty({ organizationId: child.id }));
    expect(created.status).toBe(201);
    expect((await Property.query().findById(created.body.id))?.organizationId).toBe(child.id);

    const other = await world();
    const refused = await other.agent.post('/api/properties').send(validProperty({ organizationId: child.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ organizationId: 'Organización no válida' });
  });

  it('refuses with 409 once the organization reached its maximum of properties', async () => {
    const { organization, agent } = await world({ maxProperties: 1 });
    await createProperty({ organizationId: organization.id });
    const response = await agent.post('/api/properties').send(validProperty());
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('La organización alcanzó el máximo de propiedades permitido');
    expect(await db()('properties').where({ organizationId: organization.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('PATCH /api/properties/:id', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).patch(`/api/properties/${property.id}`).send({ name: 'x' })).status).toBe(401);
  });

  it('answers 404 for another organization and 403 for a reader who may not change it', async () => {
    const { agent } = await world();
    const foreign = await createProperty();
    expect((await agent.patch(`/api/properties/${foreign.id}`).send({ name: 'Robada' })).status).toBe(404);
    expect((await Property.query().findById(foreign.id))?.name).toBe(foreign.name);

    const { user, property } = await createResident();
    const response = await (await signedIn(user)).patch(`/api/properties/${property.id}`).send({ name: 'Mía' });
    expect(response.status).toBe(403);
    expect((await Property.query().findById(property.id))?.name).toBe(property.name);
  });

  it('updates only the fields sent, checks the city against the stored country, and records the event', async () => {
    const { organization, agent } = await world();
    const property = await createProperty({ organizationId: organization.id, country: 'DO', city: 'DO-santo-domingo', rent: 100 });
    const wrongCity = await agent.patch(`/api/properties/${property.id}`).send({ city: 'US-miami' });
    expect(wrongCity.status).toBe(400);
    expect(wrongCity.body.fields).toEqual({ city: 'Ciudad desconocida para el país elegido' });
    const newCountryOldCity = await agent.patch(`/api/properties/${property.id}`).send({ country: 'US' });
    expect(newCountryOldCity.body.fields).toEqual({ city: 'Ciudad desconocida para el país elegido' });

    const response = await agent.patch(`/api/properties/${property.id}`).send({ status: 'maintenance', city: 'DO-santiago', rent: '' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'maintenance', city: 'DO-santiago', rent: null, name: property.name });
    const [event] = await eventsOf('property.updated', property.id);
    expect(event.payload.changed.sort()).toEqual(['city', 'rent', 'status']);
  });

  it('answers 400 for bad values and leaves the row as it was', async () => {
    const { organization, agent } = await world();
    const property = await createProperty({ organizationId: organization.id });
    const response = await agent.patch(`/api/properties/${property.id}`).send({ rent: -1, name: '  ' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ rent: 'Debe ser mayor o igual a 0', name: 'Este campo es requerido' });
    expect(await Property.query().findById(property.id)).toMatchObject({ name: property.name, rent: property.rent });
  });
});

describe('DELETE /api/properties/:id', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).delete(`/api/properties/${property.id}`)).status).toBe(401);
  });

  it('answers 404 for another organization and 403 for its owner', async () => {
    const { agent } = await world();
    const foreign = await createProperty();
    expect((await agent.delete(`/api/properties/${foreign.id}`)).status).toBe(404);
    const owner = await createUser({ role: 'Propietario', organizationId: foreign.organizationId });
    await db()('properties').where({ id: foreign.id }).update({ ownerId: owner.id });
    expect((await (await signedIn(owner)).delete(`/api/properties/${foreign.id}`)).status).toBe(403);
    expect(await Property.query().findById(foreign.id)).toBeDefined();
  });

  it('deletes the property with its units, residents, amenities and broadcasts, and records the event', async () => {
    const { organization, admin, agent } = await world();
    const property = await createProperty({ organizationId: organization.id });
    const { unit, resident } = await createResident({ property });
    const amenity = await createAmenity({ propertyId: property.id });
    await db()('broadcasts').insert({ title: 'Aviso', message: 'Corte de agua mañana', propertyId: property.id, createdBy: admin.id });

    const response = await agent.delete(`/api/properties/${property.id}`);
    expect(response.status).toBe(200);
    expect(await db()('properties').where({ id: property.id }).first()).toBeUndefined();
    expect(await db()('units').where({ id: unit.id }).first()).toBeUndefined();
    expect(await db()('residents').where({ id: resident.id }).first()).toBeUndefined();
    expect(await db()('amenities').where({ id: amenity.id }).first()).toBeUndefined();
    expect(await db()('broadcasts').where({ propertyId: property.id }).first()).toBeUndefined();
    const [event] = await eventsOf('property.deleted', property.id);
    expect(event).toMatchObject({ audience: 'property', propertyId: property.id, payload: { name: property.name } });
  });

  it('refuses with 409 while charges, payments or documents reference it, deleting nothing', async () => {
    const { organization, agent } = await world();
    const withPayment = await createProperty({ organizationId: organization.id });
    const { unit } = await createResident({ property: withPayment });
    await createCharge({ unitId: unit.id });
    const paid = await agent.delete(`/api/properties/${withPayment.id}`);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('No se puede eliminar la propiedad: tiene cargos o pagos registrados');
    expect(await db()('units').where({ id: unit.id }).first()).toBeDefined();

    const withDocument = await createProperty({ organizationId: organization.id });
    await createDocument({ organizationId: organization.id, propertyId: withDocument.id });
    const documented = await agent.delete(`/api/properties/${withDocument.id}`);
    expect(documented.status).toBe(409);
    expect(documented.body.message).toBe('No se puede eliminar la propiedad: tiene documentos asociados');
    expect(await Property.query().findById(withDocument.id)).toBeDefined();
    expect(await eventsOf('property.deleted', withDocument.id)).toEqual([]);
  });
});

describe('property photo', () => {
  const upload = (content: Buffer | string, fileType = 'image/png') => ({
    fileType,
    content: typeof content === 'string' ? content : content.toString('base64'),
  });

  it('answers 401 without a session', async () => {
    const property = await createProperty();
    const anonymous = await client();
    expect((await anonymous.put(`/api/properties/${property.id}/image`).send(upload(PNG))).status).toBe(401);
    expect((await anonymous.get(`/api/properties/${property.id}/image`)).status).toBe(401);
    expect((await anonymous.delete(`/api/properties/${property.id}/image`)).status).toBe(401);
  });

  it('stores a photo checked by its bytes, gives its versioned URL, serves it to readers and removes it', async () => {
    const { organization, agent } = await world();
    const { user, property } = await createResident({ property: await createProperty({ organizationId: organization.id }) });
    const response = await agent.put(`/api/properties/${property.id}/image`).send(upload(`data:image/png;base64,${PNG.toString('base64')}`));
    expect(response.status).toBe(200);
    expect(response.body.image).toMatch(new RegExp(`^/api/properties/${property.id}/image\\?v=\\d+$`));
    expect(JSON.stringify(response.body)).not.toContain(PNG.toString('base64'));

    const image = await (await signedIn(user)).get(response.body.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body, PNG)).toBe(0);
    expect((await agent.get('/api/properties')).body[0].image).toBe(response.body.image);

    const removed = await agent.delete(`/api/properties/${property.id}/image`);
    expect(removed.status).toBe(200);
    expect(removed.body.image).toBeNull();
    expect((await agent.get(`/api/properties/${property.id}/image`)).status).toBe(404);
    expect(await eventsOf('property.updated', property.id)).toHaveLength(2);
  });

  it('refuses bytes that are not the declared image type, bad base64 and unknown types with 400', async () => {
    const { organization, agent } = await world();
    const property = await createProperty({ organizationId: organization.id });
    const lying = await agent.put(`/api/properties/${property.id}/image`).send(upload(Buffer.from('%PDF-1.4 not an image')));
    expect(lying.status).toBe(400);
    expect(lying.body.fields).toEqual({ fileType: 'La imagen debe ser JPG, PNG, GIF o WebP' });
    const jpegClaim = await agent.put(`/api/properties/${property.id}/image`).send(upload(PNG, 'image/jpeg'));
    expect(jpegClaim.status).toBe(400);
    const badBase64 = await agent.put(`/api/properties/${property.id}/image`).send(upload('***'));
    expect(badBase64.body.fields).toEqual({ content: 'La imagen no es un archivo base64 válido' });
    const svg = await agent.put(`/api/properties/${property.id}/image`).send(upload(PNG, 'image/svg+xml'));
    expect(svg.body.fields).toEqual({ fileType: 'La imagen debe ser JPG, PNG, GIF o WebP' });
    expect((await db()('properties').where({ id: property.id }).first('imageType')).imageType).toBeNull();
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const { organization, agent } = await world();
    const property = await createProperty({ organizationId: organization.id });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await agent.put(`/api/properties/${property.id}/image`).send(upload(big));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('La imagen no puede superar 5 MB');
  });

  it('answers 403 to a resident and 404 for another organization', async () => {
    const { user, property } = await createResident();
    expect((await (await signedIn(user)).put(`/api/properties/${property.id}/image`).send(upload(PNG))).status).toBe(403);
    const { agent } = await world();
    expect((await agent.put(`/api/properties/${property.id}/image`).send(upload(PNG))).status).toBe(404);
    expect((await agent.get(`/api/properties/${property.id}/image`)).status).toBe(404);
    expect((await agent.delete(`/api/properties/${property.id}/image`)).status).toBe(404);
  });
});
