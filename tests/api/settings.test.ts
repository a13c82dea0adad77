import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Organization } from '../../server/models';
import { featureEnabled } from '../../server/middleware/features';
import { DEFAULT_BRANDING, type Branding } from '../../shared/schemas/settings';
import type { Role } from '../../shared/enums';
import { createOrganization, createResident, createUser, signedIn, unique } from '../support/factories';
import { client, testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

async function administratorOf(organization?: Organization) {
  const org = organization ?? (await createOrganization());
  return { organization: org, admin: await createUser({ role: 'Administrador', organizationId: org.id }) };
}

const eventsOf = (organizationId: number) => db()('events').where({ organizationId, type: 'settings.updated' }).orderBy('id');

const domainOf = () => `${unique('org')}.vecindad.test`.toLowerCase();

describe('GET /api/settings/branding', () => {
  it('is public: before sign-in it answers the organization of the host', async () => {
    const domain = domainOf();
    // Under a parent: an organization with registration closed must never become the default
    // organization (the oldest top-level one) that other tests register into.
    await createOrganization({
      parentId: (await createOrganization()).id,
      domain,
      primaryColor: '#112233',
      contactPhone: '809-555-7777',
      settings: { appName: 'Torres del Mar', features: { billing: false }, showRegistrationForm: false },
    });
    const response = await (await client()).get('/api/settings/branding').set('Host', `${domain}:3000`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toEqual({
      ...DEFAULT_BRANDING,
      appName: 'Torres del Mar',
      primaryColor: '#112233',
      contactPhone: '809-555-7777',
      features: { ...DEFAULT_BRANDING.features, billing: false },
      showRegistrationForm: false,
    });
  });

  it('answers the default organization (oldest top-level) for an unknown host', async () => {
    const fallback = await Organization.query().whereNull('parentId').orderBy('id').first();
    const response = await (await client()).get('/api/settings/branding').set('Host', 'desconocido.example');
    expect(response.status).toBe(200);
    expect(response.body.primaryColor).toBe(fallback?.primaryColor ?? DEFAULT_BRANDING.primaryColor);
  });

  it('answers the signed-in user’s organization, whatever the host', async () => {
    const hostDomain = domainOf();
    await createOrganization({ domain: hostDomain, settings: { appName: 'Del host' } });
    const own = await createOrganization({ settings: { appName: 'Residencial Propio' } });
    const user = await createUser({ role: 'Residente', organizationId: own.id });
    const response = await (await signedIn(user)).get('/api/settings/branding').set('Host', hostDomain);
    expect(response.status).toBe(200);
    expect(response.body.appName).toBe('Residencial Propio');
  });

  it('fills in the defaults for an organization without settings', async () => {
    const { admin } = await administratorOf();
    const response = await (await signedIn(admin)).get('/api/settings/branding');
    expect(response.body).toEqual(DEFAULT_BRANDING);
  });

  it('reads malformed stored values as the defaults', async () => {
    const organization = await createOrganization({ settings: { appName: 42, features: 'todo', showRegistrationForm: 'no' } });
    const user = await createUser({ organizationId: organization.id });
    const response = await (await signedIn(user)).get('/api/settings/branding');
    expect(response.body).toEqual(DEFAULT_BRANDING);
  });
});

describe('GET /api/settings', () => {
  it('answers 401 without a session (the public branding route does not open the others)', async () => {
    const response = await (await client()).get('/api/settings');
    expect(response.status).toBe(401);
    expect((await (await client()).put('/api/settings').send({ appName: 'X' })).status).toBe(401);
  });

  it.each<Role>(['Propietario', 'Residente', 'Suplidor'])('answers 403 to a %s', async (role) => {
    const user = role === 'Residente' ? (await createResident()).user : await createUser({ role });
    const response = await (await signedIn(user)).get('/api/settings');
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('forbidden');
  });

  it('answers the settings of the administrator’s organization', async () => {
    const organization = await createOrganization({ accentColor: '#abcdef', settings: { companyName: 'Inmobiliaria Caribe' } });
    const { admin } = await administratorOf(organization);
    const response = await (await signedIn(admin)).get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...DEFAULT_BRANDING, accentColor: '#abcdef', companyName: 'Inmobiliaria Caribe', version: 1 });
  });
});

describe('PUT /api/settings', () => {
  it.each<Role>(['Propietario', 'Residente', 'Suplidor'])('answers 403 to a %s and changes nothing', async (role) => {
    const user = await createUser({ role });
    const response = await (await signedIn(user)).put('/api/settings').send({ appName: 'Intruso', features: { documents: false } });
    expect(response.status).toBe(403);
    const organization = await Organization.query().findById(user.organizationId);
    expect(organization?.settings).toEqual({});
    expect(await eventsOf(user.organizationId)).toHaveLength(0);
  });

  it('refuses colours that are not #RRGGBB with a message per field, writing nothing', async () => {
    const { admin, organization } = await administratorOf();
    const response = await (await signedIn(admin))
      .put('/api/settings')
      .send({
        appName: 'Válido',
        primaryColor: 'red',
        secondaryColor: '#abc',
        accentColor: '#12345g',
        textColor: 'rgb(0,0,0)',
        backgroundColor: 12,
      });
    expect(response.status).toBe(400);
    const invalid = 'Color inválido (use #RRGGBB)';
    expect(response.body.fields).toEqual({
      primaryColor: invalid,
      secondaryColor: invalid,
      accentColor: invalid,
      textColor: invalid,
      backgroundColor: invalid,
    });
    const stored = await Organization.query().findById(organization.id);
    expect(stored?.settings).toEqual({});
    expect(stored?.primaryColor).toBe(organization.primaryColor);
    expect(await eventsOf(organization.id)).toHaveLength(0);
  });

  it('refuses empty texts, a bad email and switches that are not booleans', async () => {
    const { admin } = await administratorOf();
    const response = await (await signedIn(admin))
      .put('/api/settings')
      .send({
        appName: '  ',
        companyName: '',
        contactEmail: 'no-es-correo',
        appDescription: 'x'.repeat(501),
        features: { documents: 'no' },
        showRegistrationForm: 1,
      });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      appName: 'Este campo es requerido',
      companyName: 'Este campo es requerido',
      contactEmail: 'Debe ser un correo electrónico válido',
      appDescription: 'El texto es demasiado largo',
      'features.documents': 'Debe ser verdadero o falso',
      showRegistrationForm: 'Debe ser verdadero o falso',
    });
  });

  it('saves each tab on its own, keeps the rest, and tells open clients', async () => {
    const { admin, organization } = await administratorOf();
    const agent = await signedIn(admin);

    const general = await agent.put('/api/settings').send({
      appName: ' Residencial Las Palmas ',
      companyName: 'Palmas SRL',
      appDescription: 'Administración del residencial',
      contactEmail: 'Info@Palmas.DO',
      contactPhone: '809-555-1234',
    });
    expect(general.status).toBe(200);
    const appearance = await agent.put('/api/settings').send({
      primaryColor: '#0A0B0C',
      secondaryColor: '#101112',
      accentColor: '#202122',
      textColor: '#303132',
      backgroundColor: '#FAFAFA',
    });
    expect(appearance.status).toBe(200);
    const features = await agent.put('/api/settings').send({ features: { billing: false, visitors: false }, showRegistrationForm: false });
    expect(features.status).toBe(200);

    const expected: Branding = {
      ...DEFAULT_BRANDING,
      appName: 'Residencial Las Palmas',
      companyName: 'Palmas SRL',
      appDescription: 'Administración del residencial',
      contactEmail: 'info@palmas.do',
      contactPhone: '809-555-1234',
      primaryColor: '#0a0b0c',
      secondaryColor: '#101112',
      accentColor: '#202122',
      textColor: '#303132',
      backgroundColor: '#fafafa',
      features: { documents: true, billing: false, maintenance: true, amenities: true, visitors: false },
      showRegistrationForm: false,
    };
    // Each save raised the version of the organization's row.
    expect(features.body).toEqual({ ...expected, version: 4 });
    expect((await agent.get('/api/settings')).body).toEqual({ ...expected, version: 4 });
    expect((await agent.get('/api/settings/branding')).body).toEqual(expected);

    // One place per value: colours and contact details in the organization's columns.
    const stored = await Organization.query().findById(organization.id);
    expect(stored).toMatchObject({
      primaryColor: '#0a0b0c',
      secondaryColor: '#101112',
      accentColor: '#202122',
      contactEmail: 'info@palmas.do',
      contactPhone: '809-555-1234',
    });
    expect(stored?.settings).not.toHaveProperty('primaryColor');
    expect(stored?.settings).not.toHaveProperty('contactEmail');

    const events = await eventsOf(organization.id);
    expect(events).toHaveLength(3);
    expect(events[2]).toMatchObject({ audience: 'organization', actorId: admin.id, subjectType: 'organization', subjectId: organization.id });
    expect(events[2].payload).toEqual(expected);
  });

  it('records no event when nothing changes', async () => {
    const { admin, organization } = await administratorOf();
    const agent = await signedIn(admin);
    await agent.put('/api/settings').send({ appName: 'Mismo nombre' });
    const again = await agent.put('/api/settings').send({ appName: 'Mismo nombre' });
    expect(again.status).toBe(200);
    expect(await eventsOf(organization.id)).toHaveLength(1);
  });

  it('changes only the administrator’s own organization', async () => {
    const { admin } = await administratorOf();
    const other = await createOrganization();
    const response = await (await signedIn(admin))
      .put('/api/settings')
      .send({ organizationId: other.id, appName: 'Solo la mía' });
    expect(response.status).toBe(200);
    expect((await Organization.query().findById(other.id))?.settings).toEqual({});
    expect((await Organization.query().findById(admin.organizationId))?.settings).toMatchObject({ appName: 'Solo la mía' });
  });
});

describe('module switches', () => {
  it('GET /api/documents answers 404 while documents are off and 200 when on again', async () => {
    const { admin } = await administratorOf();
    const agent = await signedIn(admin);
    expect((await agent.get('/api/documents')).status).toBe(200);

    expect((await agent.put('/api/settings').send({ features: { documents: false } })).status).toBe(200);
    const off = await agent.get('/api/documents');
    expect(off.status).toBe(404);
    expect(off.body).toEqual({ error: 'not_found', message: 'Este módulo está desactivado para su organización' });
    expect((await agent.get('/api/documents/categories')).status).toBe(404);

    expect((await agent.put('/api/settings').send({ features: { documents: true } })).status).toBe(200);
    expect((await agent.get('/api/documents')).status).toBe(200);
  });

  it('is per organization', async () => {
    const first = await administratorOf();
    const second = await administratorOf();
    await (await signedIn(first.admin)).put('/api/settings').send({ features: { documents: false } });
    expect((await (await signedIn(second.admin)).get('/api/documents')).status).toBe(200);
    expect(await featureEnabled(first.organization.id, 'documents')).toBe(false);
    expect(await featureEnabled(first.organization.id, 'billing')).toBe(true);
    expect(await featureEnabled(second.organization.id, 'documents')).toBe(true);
  });
});
