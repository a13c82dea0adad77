import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Resident } from '../../server/models';
import {
  PASSWORD,
  adminWorld,
  createBroadcast,
  createDocument,
  createOrganization,
  createProperty,
  createResident,
  createUnit,
  createUser,
  signedIn,
  unique,
} from '../support/factories';
import { client, forgetLimits, testApp } from '../support/services';

await testApp();
// Every test registers from this machine: past ten an hour the IP would be paused.
beforeEach(() => forgetLimits('register'));

/** An organization (its own domain) with an administrator, a property with a unit and a resident, a document and a notice. */
async function building() {
  const world = await adminWorld({ domain: `${unique('edificio')}.vecindad.test` });
  const { property, organization } = world;
  await createUnit({ propertyId: property.id, unitNumber: '4B' });
  await createResident({ property, user: { name: 'Vecino', lastName: 'Antiguo' } });
  const document = await createDocument({ organizationId: organization.id, title: unique('Reglamento'), access: 'public' });
  const notice = await createBroadcast({ propertyId: property.id, title: unique('Corte de agua') });
  return { ...world, document, notice };
}

/** Registers through the API as a browser on the organization's domain; the agent keeps the session. */
async function registerInto(domain: string, overrides: Record<string, unknown> = {}) {
  const agent = await client();
  const username = `${unique('lucia')}@example.com`;
  const response = await agent
    .post('/api/register')
    .set('Host', domain)
    .send({
      name: 'Lucía',
      lastName: 'Martínez',
      username,
      phone: '809-555-0199',
      country: 'DO',
      city: 'DO-santo-domingo',
      password: PASSWORD,
      acceptedTerms: true,
      ...overrides,
    });
  expect(response.status).toBe(201);
  return { agent, user: response.body as { id: number; access: string; organizationId: number }, username };
}

const pendingOf = async (userId: number) => db()('join_requests').where({ userId, status: 'pending' }).first();

describe('an account waiting for approval', () => {
  it('reads nothing of the property it named, only its own account and request', async () => {
    const { organization, property, document, notice } = await building();
    const { agent, user } = await registerInto(organization.domain!, { propertyReference: property.name });
    expect(user.access).toBe('awaiting');

    const refused = [
      '/api/properties',
      `/api/properties/${property.id}`,
      `/api/properties/${property.id}/residents`,
      `/api/properties/${property.id}/units`,
      '/api/residents',
      '/api/documents',
      `/api/documents/${document.id}`,
      `/api/broadcasts?propertyId=${property.id}`,
      '/api/dashboard',
      '/api/join-requests',
    ];
    for (const path of refused) {
      const response = await agent.get(path);
      expect(response.status, path).toBe(403);
      expect(response.body, path).toEqual({
        error: 'approval_pending',
        message: 'Su cuenta está pendiente de aprobación: la administración de su propiedad debe aprobar su solicitud.',
      });
      expect(response.text).not.toContain(document.title);
      expect(response.text).not.toContain(notice.title);
    }

    expect((await agent.get('/api/user')).body).toMatchObject({ id: user.id, access: 'awaiting' });
    expect((await agent.get('/api/user/join-request')).body).toEqual({
      joinRequest: expect.objectContaining({ status: 'pending', propertyName: property.name, propertyReference: property.name }),
    });
    expect((await agent.put('/api/user/preferences').send({ language: 'en' })).status).toBe(200);
    expect((await agent.get('/api/notifications')).status).toBe(200);
  });
});

describe('the administrators’ queue', () => {
  it('lists the pending requests of the organizations the administrator reaches, oldest first', async () => {
    const { organization, property, agent } = await building();
    const first = await registerInto(organization.domain!, { propertyReference: String(property.id) });
    const second = await registerInto(organization.domain!, { propertyReference: 'Torre que no existe' });
    const other = await building();
    await registerInto(other.organization.domain!, { propertyReference: other.property.name });

    const response = await agent.get('/api/join-requests');
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.body).toEqual([
      expect.objectContaining({
        status: 'pending',
        propertyId: property.id,
        propertyName: property.name,
        user: { id: first.user.id, name: 'Lucía', lastName: 'Martínez', email: first.username, phone: '809-555-0199' },
      }),
      expect.objectContaining({ propertyId: null, propertyName: null, propertyReference: 'Torre que no existe', user: expect.objectContaining({ id: second.user.id }) }),
    ]);
    expect(response.text).not.toContain(other.property.name);

    const resident = await signedIn((await createResident({ property })).user);
    expect((await resident.get('/api/join-requests')).status).toBe(403);
  });

  it('approves into the chosen unit: the person becomes an active resident and reads the property', async () => {
    const { organization, property, agent, document, notice } = await building();
    const applicant = await registerInto(organization.domain!, { propertyReference: property.name });
    const request = await pendingOf(applicant.user.id);

    // A unit that does not exist is created only when the administrator confirms it.
    const unconfirmed = await agent.post(`/api/join-requests/${request.id}/approve`).send({ propertyId: property.id, unit: '9Z' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatchObject({ error: 'unknown_unit', fields: { unit: 'La propiedad no tiene esta unidad; confirme que desea crearla' } });
    expect(await db()('units').where({ propertyId: property.id, unitNumber: '9Z' })).toEqual([]);
    expect(await Resident.query().where({ userId: applicant.user.id })).toEqual([]);

    const approved = await agent.post(`/api/join-requests/${request.id}/approve`).send({ propertyId: property.id, unit: '9Z', createUnit: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', propertyName: property.name, unitNumber: '9Z', decidedBy: 'Ana Pérez' });
    const [residence] = await Resident.query().where({ userId: applicant.user.id });
    expect(residence).toMatchObject({ propertyId: property.id, status: 'active' });
    expect(await db()('units').where({ id: residence.unitId }).first()).toMatchObject({ unitNumber: '9Z' });

    const events = await db()('events').where({ subjectType: 'join_request', subjectId: request.id }).orderBy('id');
    expect(events.map((event) => [event.type, event.audience, event.userId])).toEqual([
      ['join_request.created', 'administrators', null],
      ['join_request.approved', 'administrators', null],
      ['join_request.approved', 'user', applicant.user.id],
    ]);
    expect(await db()('events').where({ type: 'resident.created', subjectId: residence.id })).toHaveLength(1);

    // The same session now reads the property (its access is computed per request).
    expect((await applicant.agent.get('/api/user')).body.access).toBe('member');
    expect((await applicant.agent.get(`/api/properties/${property.id}`)).status).toBe(200);
    expect((await applicant.agent.get('/api/documents')).text).toContain(document.title);
    expect((await applicant.agent.get(`/api/broadcasts?propertyId=${property.id}`)).text).toContain(notice.title);

    // Decided once: a second decision is refused and changes nothing.
    expect((await agent.post(`/api/join-requests/${request.id}/approve`).send({ propertyId: property.id, unit: '4B' })).status).toBe(409);
    expect((await agent.post(`/api/join-requests/${request.id}/decline`)).status).toBe(409);
    expect(await Resident.query().where({ userId: applicant.user.id })).toHaveLength(1);
  });

  it('approves a request without a property into the property the administrator chooses, only of its organization', async () => {
    const { organization, property, agent } = await building();
    const applicant = await registerInto(organization.domain!);
    const request = await pendingOf(applicant.user.id);
    expect(request.propertyId).toBeNull();

    const elsewhere = await createProperty({ organizationId: (await createOrganization()).id });
    expect((await agent.post(`/api/join-requests/${request.id}/approve`).send({ propertyId: elsewhere.id, unit: '4B' })).status).toBe(404);
    expect((await agent.post(`/api/join-requests/${request.id}/approve`).send({ unit: '4B' })).body.fields).toEqual({
      propertyId: 'Seleccione la propiedad',
    });

    const approved = await agent.post(`/api/join-requests/${request.id}/approve`).send({ propertyId: property.id, unit: '4B' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ propertyId: property.id, unitNumber: '4B' });
  });

  it('declines: the account keeps reading nothing, and may ask again', async () => {
    const { organization, property, agent } = await building();
    const applicant = await registerInto(organization.domain!, { propertyReference: property.name });
    const request = await pendingOf(applicant.user.id);

    const declined = await agent.post(`/api/join-requests/${request.id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect(await Resident.query().where({ userId: applicant.user.id })).toEqual([]);
    expect((await applicant.agent.get(`/api/properties/${property.id}`)).status).toBe(403);
    expect((await applicant.agent.get('/api/user/join-request')).body.joinRequest).toMatchObject({ status: 'declined' });
    expect((await agent.get('/api/join-requests')).body).toEqual([]);

    const again = await applicant.agent.post('/api/user/join-request').send({ propertyReference: String(property.id) });
    expect(again.status).toBe(201);
    expect(again.body.joinRequest).toMatchObject({ status: 'pending', propertyName: property.name });
    const twice = await applicant.agent.post('/api/user/join-request').send({ propertyReference: String(property.id) });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Ya tiene una solicitud pendiente de aprobación.');
  });

  it('refuses a decision to non-administrators and beyond the organizations reached', async () => {
    const { organization, property } = await building();
    const applicant = await registerInto(organization.domain!, { propertyReference: property.name });
    const request = await pendingOf(applicant.user.id);

    const owner = await signedIn(await createUser({ role: 'Propietario', organizationId: organization.id }));
    expect((await owner.post(`/api/join-requests/${request.id}/decline`)).status).toBe(403);
    const stranger = await adminWorld();
    expect((await stranger.agent.post(`/api/join-requests/${request.id}/decline`)).status).toBe(404);
    expect((await pendingOf(applicant.user.id)).id).toBe(request.id);
  });

  it('a member may not send a join request', async () => {
    const { user } = await createResident();
    const response = await (await signedIn(user)).post('/api/user/join-request').send({ propertyReference: 'Torre' });
    expect(response.status).toBe(409);
  });
});

describe('a resident whose residences all ended', () => {
  it('cannot sign in, with a clear message, and their open sessions stop working', async () => {
    const { agent: admin, property } = await adminWorld();
    const { user, resident } = await createResident({ property });
    const session = await signedIn(user);

    const deactivated = await admin.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect((await session.get('/api/user')).status).toBe(401);

    const again = await (await client()).post('/api/login').send({ username: user.username, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({
      error: 'residence_ended',
      message: 'Su residencia ha finalizado y su cuenta ya no tiene acceso. Si cree que es un error, contacte a la administración.',
    });
    // The message is told only to whoever knows the password.
    const wrong = await (await client()).post('/api/login').send({ username: user.username, password: 'no-es-la-clave' });
    expect(wrong.status).toBe(401);
  });

  it('can sign in while another residence is still active', async () => {
    const { agent: admin, property, organization } = await adminWorld();
    const { user, resident } = await createResident({ property });
    const second = await createProperty({ organizationId: organization.id });
    await Resident.query().insert({ userId: user.id, propertyId: second.id, unitId: (await createUnit({ propertyId: second.id })).id });
    await admin.post(`/api/properties/${property.id}/residents/${resident.id}/deactivate`);
    expect((await (await client()).post('/api/login').send({ username: user.username, password: PASSWORD })).status).toBe(200);
  });
});

describe('residences that self-registration used to grant', () => {
  it('become pending join requests (migration 20261127000300), and back when rolled back', async () => {
    const { property, organization } = await adminWorld();
    const registered = await createUser({ role: 'Residente', organizationId: organization.id, propertyRef: property.name });
    const placed = (await createResident({ property })).user; // an administrator gave a unit: kept
    const [granted] = await db()('residents').insert({ userId: registered.id, propertyId: property.id }).returning('id');
    for (const user of [registered, placed]) {
      await db()('events').insert({
        type: 'user.registered',
        audience: 'administrators',
        organizationId: organization.id,
        propertyId: property.id,
        actorId: user.id,
        subjectType: 'user',
        subjectId: user.id,
      });
    }
    const migration = await import('../../migrations/20261127000300_pending_self_registrations');
    const rollback = new Error('rollback');
    await db()
      .transaction(async (trx) => {
        await migration.up(trx);
        expect(await trx('residents').where({ id: granted.id }).first()).toBeUndefined();
        expect(await trx('join_requests').where({ userId: registered.id })).toEqual([
          expect.objectContaining({ propertyId: property.id, status: 'pending', propertyReference: property.name }),
        ]);
        expect(await trx('residents').where({ userId: placed.id })).toHaveLength(1);
        await migration.down(trx);
        expect(await trx('residents').where({ userId: registered.id })).toEqual([expect.objectContaining({ status: 'active', unitId: null })]);
        expect(await trx('join_requests').where({ userId: registered.id })).toEqual([]);
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
  });
});
