import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Organization, Resident, User } from '../../server/models';
import { createOrganization, createProperty, createUser, signedIn, unique } from '../support/factories';
import { client, forgetLimits, testApp } from '../support/services';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { config } from '../../server/config';
import { createRedis } from '../../server/services/redis';

beforeAll(async () => {
  await testApp();
});
// Each test registers a few accounts from this machine: past ten an hour the IP would be paused.
beforeEach(() => forgetLimits('register'));

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía',
  lastName: 'Martínez',
  username: `${unique('vecina')}@example.com`,
  phone: '809-555-0199',
  country: 'DO',
  city: 'DO-santiago',
  password: 'secreto1',
  acceptedTerms: true,
  ...overrides,
});

const domain = () => `${unique('r')}.vecindad.test`;

/**
 * An organization with its own domain, under a parent: one whose registration gets closed must
 * never be the default organization (the oldest top-level one) other tests register into.
 */
const organizationWithDomain = async (overrides: Partial<Organization> = {}) =>
  createOrganization({ parentId: (await createOrganization()).id, domain: domain(), ...overrides });

async function register(host: string, overrides: Record<string, unknown> = {}) {
  return (await client()).post('/api/register').set('Host', host).send(registration(overrides));
}

const residencesOf = (userId: number) => Resident.query().where({ userId });
const requestsOf = (userId: number) => db()('join_requests').where({ userId });

describe('registration into an organization', () => {
  it('joins the organization whose domain is the host (without port, any case)', async () => {
    const organization = await createOrganization({ domain: domain() });
    const response = await register(`${organization.domain!.toUpperCase()}:8080`);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ organizationId: organization.id, role: 'Residente' });
  });

  it('joins the default organization (the oldest top-level one) when no domain matches', async () => {
    const fallback = await Organization.query().whereNull('parentId').orderBy('id').first();
    const response = await register('sin-dominio.example:3000');
    expect(response.status).toBe(201);
    expect(response.body.organizationId).toBe(fallback!.id);
  });

  it('asks to join the referenced property of that organization (by id or by name), granting nothing yet', async () => {
    const organization = await createOrganization({ domain: domain() });
    const property = await createProperty({ organizationId: organization.id, name: unique('Torre Azul') });

    const byId = await register(organization.domain!, { propertyReference: String(property.id) });
    expect(byId.status).toBe(201);
    expect(byId.body.access).toBe('awaiting');
    expect(await residencesOf(byId.body.id)).toEqual([]);
    expect(await requestsOf(byId.body.id)).toEqual([
      expect.objectContaining({ propertyId: property.id, status: 'pending', propertyReference: String(property.id) }),
    ]);

    const byName = await register(organization.domain!, { propertyReference: ` ${property.name.toUpperCase()} ` });
    expect(byName.status).toBe(201);
    expect(await residencesOf(byName.body.id)).toEqual([]);
    expect(await requestsOf(byName.body.id)).toEqual([expect.objectContaining({ propertyId: property.id, status: 'pending' })]);

    const asked = await db()('events').where({ organizationId: organization.id, type: 'join_request.created' });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ audience: 'administrators', propertyId: property.id, subjectType: 'join_request' });
  });

  it('never names a property of another organization in the request', async () => {
    const organization = await createOrganization({ domain: domain() });
    const foreign = await createProperty({ name: unique('Ajena') });
    for (const reference of [String(foreign.id), foreign.name]) {
      const response = await register(organization.domain!, { propertyReference: reference });
      expect(response.status).toBe(201);
      expect(response.body.organizationId).toBe(organization.id);
      expect(response.body.propertyRef).toBe(reference);
      expect(await residencesOf(response.body.id)).toEqual([]);
      expect(await requestsOf(response.body.id)).toEqual([
        expect.objectContaining({ organizationId: organization.id, propertyId: null, propertyReference: reference }),
      ]);
      expect(response.text).not.toContain(foreign.address);
    }
  });

  it('keeps an unknown reference on the request for the administrator to place', async () => {
    const organization = await createOrganization({ domain: domain() });
    const response = await register(organization.domain!, { propertyReference: 'Apto 4B, Torre que no existe' });
    expect(response.status).toBe(201);
    expect(response.body.propertyRef).toBe('Apto 4B, Torre que no existe');
    expect(await residencesOf(response.body.id)).toEqual([]);
    expect(await requestsOf(response.body.id)).toEqual([
      expect.objectContaining({ propertyId: null, propertyReference: 'Apto 4B, Torre que no existe', status: 'pending' }),
    ]);
  });

  it('counts X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY)', async () => {
    const organization = await createOrganization({ domain: domain() });
    const fallback = await Organization.query().whereNull('parentId').orderBy('id').first();
    const direct = await (await client())
      .post('/api/register')
      .set('Host', 'sin-dominio.example')
      .set('X-Forwarded-Host', organization.domain!)
      .send(registration());
    expect(direct.status).toBe(201);
    expect(direct.body.organizationId).toBe(fallback!.id);

    const redis = createRedis(process.env.REDIS_URL!, { failFast: true });
    try {
      const proxied = await supertest(createApp({ redis, config: { ...config, trustProxy: true } }).callback())
        .post('/api/register')
        .set('Host', 'proxy.interno')
        .set('X-Forwarded-Host', organization.domain!)
        .send(registration());
      expect(proxied.status).toBe(201);
      expect(proxied.body.organizationId).toBe(organization.id);
    } finally {
      redis.disconnect();
    }
  });
});

describe('registration switch', () => {
  it('refuses with 403 while the registration form is off, creating nothing, and accepts again when on', async () => {
    const organization = await organizationWithDomain();
    const admin = await signedIn(await createUser({ role: 'Administrador', organizationId: organization.id }));
    expect((await admin.put('/api/settings').send({ showRegistrationForm: false })).status).toBe(200);
    expect((await (await client()).get('/api/settings/branding').set('Host', organization.domain!)).body.showRegistrationForm).toBe(
      false,
    );

    const username = `${unique('cerrado')}@example.com`;
    const closed = await register(organization.domain!, { username });
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual({
      error: 'registration_closed',
      message: 'El registro de nuevas cuentas está deshabilitado',
    });
    expect(await User.query().findOne({ username })).toBeUndefined();

    expect((await admin.put('/api/settings').send({ showRegistrationForm: true })).status).toBe(200);
    const open = await register(organization.domain!, { username });
    expect(open.status).toBe(201);
    expect(open.body.organizationId).toBe(organization.id);
  });

  it('closing one organization leaves the others open', async () => {
    const closed = await organizationWithDomain({ settings: { showRegistrationForm: false } });
    const open = await createOrganization({ domain: domain() });
    expect((await register(closed.domain!)).status).toBe(403);
    expect((await register(open.domain!)).status).toBe(201);
  });
});
