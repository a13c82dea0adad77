import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import {
  adminWorld,
  createMaintenanceRequest,
  createOrganization,
  createProperty,
  createResident,
  createUser,
  PASSWORD,
  signedIn,
} from '../support/factories';
import { client, testApp } from '../support/services';

await testApp(); // connects this worker's database for the factories

describe('GET /api/properties/:id/users', () => {
  it('answers 401 without a session', async () => {
    const property = await createProperty();
    expect((await (await client()).get(`/api/properties/${property.id}/users`)).status).toBe(401);
  });

  it('lists the residents, the owner and the assigned suppliers of the property (id, name, lastName, username, email, role)', async () => {
    const { organization, property, agent } = await adminWorld();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Olga', lastName: 'Díaz' });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    const { user: resident } = await createResident({ property, user: { name: 'Rafael', lastName: 'Mota' } });
    const former = await createResident({ property, user: { name: 'Fernando' } });
    await db()('residents').where({ id: former.resident.id }).update({ status: 'inactive' });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id, name: 'Sergio', lastName: 'Vidal' });
    await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
    await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
    await createResident({ property: await createProperty({ organizationId: organization.id }), user: { name: 'Otro' } });

    const response = await agent.get(`/api/properties/${property.id}/users`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: owner.id, name: 'Olga', lastName: 'Díaz', username: owner.username, email: owner.email, role: 'Propietario' },
      { id: resident.id, name: 'Rafael', lastName: 'Mota', username: resident.username, email: resident.email, role: 'Residente' },
      { id: supplier.id, name: 'Sergio', lastName: 'Vidal', username: supplier.username, email: supplier.email, role: 'Suplidor' },
    ]);
  });

  it('answers 403 to the owner and residents, 404 for another organization', async () => {
    const { organization, property } = await adminWorld();
    const { user } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('properties').where({ id: property.id }).update({ ownerId: owner.id });
    expect((await (await signedIn(user)).get(`/api/properties/${property.id}/users`)).status).toBe(403);
    expect((await (await signedIn(owner)).get(`/api/properties/${property.id}/users`)).status).toBe(403);
    const { agent: stranger } = await adminWorld();
    expect((await stranger.get(`/api/properties/${property.id}/users`)).status).toBe(404);
  });
});

describe('POST /api/users/:id/reset-password', () => {
  it('answers 401 without a session', async () => {
    const user = await createUser();
    expect((await (await client()).post(`/api/users/${user.id}/reset-password`)).status).toBe(401);
  });

  it('gives a temporary password, forces a new one at next sign-in, ends the sessions and records the event', async () => {
    const { organization, admin, agent } = await adminWorld();
    const user = await createUser({ organizationId: organization.id, name: 'Pedro', lastName: 'Soto' });
    const userAgent = await signedIn(user);
    expect((await userAgent.get('/api/user')).status).toBe(200);

    const response = await agent.post(`/api/users/${user.id}/reset-password`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['tempPassword']);
    const { tempPassword } = response.body;
    expect(tempPassword).toMatch(/^[A-Za-z0-9]{12}$/);

    expect((await userAgent.get('/api/user')).status).toBe(401);
    expect(await db()('session').where({ userId: user.id })).toEqual([]);
    expect((await User.query().findById(user.id))?.mustChangePassword).toBe(true);
    const anonymous = await client();
    expect((await anonymous.post('/api/login').send({ username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await anonymous.post('/api/login').send({ username: user.username, password: tempPassword })).status).toBe(200);
    expect((await anonymous.get('/api/properties')).body.error).toBe('password_change_required');

    const [event] = await db()('events').where({ type: 'user.password_reset', subjectId: user.id });
    expect(event).toMatchObject({ audience: 'administrators', organizationId: organization.id, actorId: admin.id, payload: { name: 'Pedro Soto' } });
    expect(JSON.stringify(event)).not.toContain(tempPassword);
    // The administrator's own session goes on.
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('lets a master Administrador reset a user of a client organization', async () => {
    const { organization, agent } = await adminWorld({ type: 'master' });
    const child = await createOrganization({ parentId: organization.id });
    const user = await createUser({ organizationId: child.id });
    expect((await agent.post(`/api/users/${user.id}/reset-password`)).status).toBe(200);
  });

  it('answers 404 for a user of another organization or one that does not exist, changing nothing', async () => {
    const { agent } = await adminWorld();
    const stranger = await createUser();
    const before = (await User.query().findById(stranger.id))!.password;
    expect((await agent.post(`/api/users/${stranger.id}/reset-password`)).status).toBe(404);
    expect((await agent.post('/api/users/999999999/reset-password')).status).toBe(404);
    expect((await User.query().findById(stranger.id))!.password).toBe(before);
  });

  it.each(['Propietario', 'Residente', 'Suplidor'] as const)('answers 403 to a %s of the same organization', async (role) => {
    const organization = await createOrganization();
    const caller = await createUser({ role, organizationId: organization.id });
    const target = await createUser({ organizationId: organization.id });
    const response = await (await signedIn(caller)).post(`/api/users/${target.id}/reset-password`);
    expect(response.status).toBe(403);
    expect((await User.query().findById(target.id))?.mustChangePassword).toBe(false);
  });

  it("answers 403 to an Administrador resetting a super-admin's password", async () => {
    const { organization, agent } = await adminWorld();
    const superAdmin = await createUser({ role: 'Administrador', organizationId: organization.id, isSuperAdmin: true });
    expect((await agent.post(`/api/users/${superAdmin.id}/reset-password`)).status).toBe(403);
    expect((await User.query().findById(superAdmin.id))?.mustChangePassword).toBe(false);
  });
});

describe('GET /api/users', () => {
  it('lists the active users of the organization by role and name, paged', async () => {
    const { organization, agent } = await adminWorld();
    await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Óscar', lastName: 'Peña' });
    await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Olga', lastName: 'Díaz' });
    await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Otto', isActive: false });
    await createUser({ role: 'Residente', organizationId: organization.id, name: 'Omar' });
    await createUser({ role: 'Propietario', name: 'Orlando' }); // another organization

    const owners = await agent.get('/api/users?role=Propietario');
    expect(owners.status).toBe(200);
    expect(owners.headers['x-total-count']).toBe('2');
    expect(owners.body.map((user: { name: string }) => user.name)).toEqual(['Olga', 'Óscar']);
    expect(Object.keys(owners.body[0]).sort()).toEqual(['email', 'id', 'lastName', 'name', 'role', 'username']);

    const search = await agent.get('/api/users?q=pena&limit=1');
    expect(search.body.map((user: { name: string }) => user.name)).toEqual(['Óscar']);
  });

  it('is for administrators only', async () => {
    for (const role of ['Propietario', 'Residente', 'Suplidor'] as const) {
      const agent = await signedIn(await createUser({ role }));
      expect((await agent.get('/api/users')).status, role).toBe(403);
    }
    expect((await (await client()).get('/api/users')).status).toBe(401);
  });

  it('answers 400 for an unknown role', async () => {
    const { agent } = await adminWorld();
    expect((await agent.get('/api/users?role=Jefe')).status).toBe(400);
  });
});
