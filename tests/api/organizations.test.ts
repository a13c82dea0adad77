import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { Organization } from '../../server/models';
import type { Role } from '../../shared/enums';
import { createOrganization, createProperty, createUser, signedIn, unique } from '../support/factories';
import { client, testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

/** A master organization with its Administrador, a client child and a grandchild. */
async function masterTree() {
  const master = await createOrganization({ type: 'master', name: unique('Maestra') });
  const child = await createOrganization({ parentId: master.id, name: unique('Cliente') });
  const grandchild = await createOrganization({ parentId: child.id, name: unique('Nieta') });
  const admin = await createUser({ role: 'Administrador', organizationId: master.id });
  return { master, child, grandchild, admin, agent: await signedIn(admin) };
}

async function superAdmin() {
  const user = await createUser({ role: 'Administrador', isSuperAdmin: true });
  return { user, agent: await signedIn(user) };
}

const names = (body: Array<{ name: string }>) => body.map((organization) => organization.name);
const organizationEvents = (organizationId: number) =>
  db()('events').where({ organizationId }).where('type', 'like', 'organization.%').orderBy('id');
const domain = () => `${unique('d')}.vecindad.test`;

describe('GET /api/organizations', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).get('/api/organizations')).status).toBe(401);
  });

  it.each<Role>(['Propietario', 'Residente', 'Suplidor'])('answers 403 to a %s', async (role) => {
    const user = await createUser({ role });
    const response = await (await signedIn(user)).get('/api/organizations');
    expect(response.status).toBe(403);
  });

  it('gives a master administrator its organization and every descendant, never its parent or others', async () => {
    const parent = await createOrganization({ type: 'master' });
    const { master, child, grandchild, agent } = await masterTree();
    await Organization.query().findById(master.id).patch({ parentId: parent.id });
    const unrelated = await createOrganization();
    const response = await agent.get('/api/organizations');
    expect(response.status).toBe(200);
    expect(names(response.body).sort()).toEqual([master.name, child.name, grandchild.name].sort());
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.text).not.toContain(parent.name);
    expect(response.text).not.toContain(unrelated.name);
    expect(response.body.find((o: { id: number }) => o.id === child.id)).toEqual({
      id: child.id,
      name: child.name,
      type: 'client',
      status: 'active',
      parentId: master.id,
      domain: null,
      logo: null,
      primaryColor: '#2563eb',
      secondaryColor: '#db2777',
      accentColor: null,
      address: null,
      subscriptionPlan: null,
      maxUsers: null,
      maxProperties: null,
      contactEmail: null,
      contactPhone: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
  });

  it('gives the administrator of a client organization only their own (read-only)', async () => {
    const { master, child } = await masterTree();
    const admin = await createUser({ role: 'Administrador', organizationId: child.id });
    const response = await (await signedIn(admin)).get('/api/organizations');
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual([child.name]);
    expect(response.text).not.toContain(master.name);
  });

  it('gives a super-admin every organization', async () => {
    const first = await createOrganization();
    const second = await createOrganization({ type: 'master' });
    const { agent } = await superAdmin();
    const response = await agent.get('/api/organizations');
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(expect.arrayContaining([first.name, second.name]));
  });

  it('searches by name or domain and pages with X-Total-Count', async () => {
    const { master, agent } = await masterTree();
    const tag = unique('busca').toLowerCase();
    await createOrganization({ parentId: master.id, name: `A ${tag}` });
    await createOrganization({ parentId: master.id, name: `B ${tag}` });
    await createOrganization({ parentId: master.id, name: 'C', domain: `${tag}.vecindad.test` });
    const page = await agent.get('/api/organizations').query({ q: tag, limit: 2, offset: 1 });
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(names(page.body)).toEqual([`B ${tag}`, 'C']);
    expect((await agent.get('/api/organizations').query({ q: '%' })).body).toEqual([]);
  });
});

describe('POST /api/organizations', () => {
  it('answers 401 without a session', async () => {
    expect((await (await client()).post('/api/organizations').send({ name: 'Nueva' })).status).toBe(401);
  });

  it('answers 403 to the administrator of a client organization and to other roles, writing nothing', async () => {
    const clientOrg = await createOrganization();
    const administrator = await createUser({ role: 'Administrador', organizationId: clientOrg.id });
    const owner = await createUser({ role: 'Propietario', organizationId: (await createOrganization({ type: 'master' })).id });
    const name = unique('Prohibida');
    for (const user of [administrator, owner]) {
      const response = await (await signedIn(user)).post('/api/organizations').send({ name });
      expect(response.status).toBe(403);
    }
    expect(await Organization.query().where({ name }).resultSize()).toBe(0);
  });

  it('gives each rule its message and writes nothing', async () => {
    const { agent } = await masterTree();
    // Writes nothing: not an 'A', nor any other organization.
    const organizations = await Organization.query().resultSize();
    const response = await agent.post('/api/organizations').send({
      name: 'A',
      type: 'otra',
      status: 'borrado',
      parentId: 'x',
      domain: 'https://mal.example/ruta',
      logo: 'javascript:alert(1)',
      primaryColor: 'azul',
      secondaryColor: '#fff',
      accentColor: '#12345',
      maxUsers: -1,
      maxProperties: 2.5,
      contactEmail: 'no-es-correo',
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
      type: 'Tipo de organización inválido',
      status: 'Estado de organización inválido',
      parentId: 'Organización principal no encontrada',
      domain: 'Dominio inválido (por ejemplo: residencial.ejemplo.do)',
      logo: 'El logo debe ser una dirección https:// o una ruta que empiece por /',
      primaryColor: 'Color inválido (use #RRGGBB)',
      secondaryColor: 'Color inválido (use #RRGGBB)',
      accentColor: 'Color inválido (use #RRGGBB)',
      maxUsers: 'Debe ser mayor o igual a 0',
      maxProperties: 'Debe ser un número entero',
      contactEmail: 'Debe ser un correo electrónico válido',
    });
    expect((await agent.post('/api/organizations').send({})).body.fields).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
    });
    expect(await Organization.query().resultSize()).toBe(organizations);
  });

  it('creates under the master administrator’s organization with the spec defaults; empty fields become null', async () => {
    const { master, admin, agent } = await masterTree();
    const name = unique('Residencial');
    const response = await agent.post('/api/organizations').send({
      name: `  ${name} `,
      parentId: 'no-parent',
      domain: '',
      primaryColor: '',
      secondaryColor: '#ABCDEF',
      address: '   ',
      subscriptionPlan: '',
      maxUsers: '',
      maxProperties: '25',
      contactPhone: '',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name,
      type: 'client',
      status: 'active',
      parentId: master.id,
      domain: null,
      primaryColor: '#2563eb',
      secondaryColor: '#abcdef',
      address: null,
      subscriptionPlan: null,
      maxUsers: null,
      maxProperties: 25,
      contactPhone: null,
    });
    const events = await organizationEvents(master.id);
    expect(events.at(-1)).toMatchObject({
      type: 'organization.created',
      audience: 'administrators',
      actorId: admin.id,
      subjectType: 'organization',
      subjectId: response.body.id,
    });
    // The new organization is at once within the administrator's reach.
    expect(names((await agent.get('/api/organizations')).body)).toContain(name);
  });

  it('refuses a parent of another tenant, or one that does not exist, as not found', async () => {
    const { agent } = await masterTree();
    const foreign = await createOrganization({ type: 'master' });
    const name = unique('Colgada');
    for (const parentId of [foreign.id, 99_999_999]) {
      const response = await agent.post('/api/organizations').send({ name, parentId });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ parentId: 'Organización principal no encontrada' });
      expect(response.text).not.toContain(foreign.name);
    }
    expect(await Organization.query().where({ name }).resultSize()).toBe(0);
  });

  it('answers 409 on the domain field for a domain already used (any case)', async () => {
    const { agent } = await masterTree();
    const taken = domain();
    await createOrganization({ domain: taken });
    const name = unique('Duplicada');
    const response = await agent.post('/api/organizations').send({ name, domain: taken.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: 'domain_taken',
      message: 'Ya existe una organización con este dominio',
      fields: { domain: 'Ya existe una organización con este dominio' },
    });
    expect(await Organization.query().where({ name }).resultSize()).toBe(0);
  });

  it('lets a super-admin create a master and a client organization whose administrators see what docs/permissions.md allows', async () => {
    const { agent } = await superAdmin();
    const master = await agent.post('/api/organizations').send({ name: unique('Gestora'), type: 'master', parentId: null });
    expect(master.status).toBe(201);
    expect(master.body.parentId).toBeNull();
    const clientOrg = await agent.post('/api/organizations').send({ name: unique('Condominio'), parentId: master.body.id });
    expect(clientOrg.status).toBe(201);
    expect(clientOrg.body).toMatchObject({ type: 'client', parentId: master.body.id });

    const masterAdmin = await signedIn(await createUser({ role: 'Administrador', organizationId: master.body.id }));
    const clientAdmin = await signedIn(await createUser({ role: 'Administrador', organizationId: clientOrg.body.id }));
    expect(names((await masterAdmin.get('/api/organizations')).body).sort()).toEqual(
      [master.body.name, clientOrg.body.name].sort(),
    );
    expect(names((await clientAdmin.get('/api/organizations')).body)).toEqual([clientOrg.body.name]);
    expect((await clientAdmin.put(`/api/organizations/${clientOrg.body.id}`).send({ status: 'inactive' })).status).toBe(403);
    expect((await clientAdmin.put(`/api/organizations/${master.body.id}`).send({ status: 'inactive' })).status).toBe(404);
    expect((await masterAdmin.put(`/api/organizations/${clientOrg.body.id}`).send({ status: 'suspended' })).status).toBe(200);
    // Suspending an organization signs its users out.
    expect((await clientAdmin.get('/api/user')).status).toBe(401);
  });
});

describe('PUT /api/organizations/:id', () => {
  it('answers 404 for an organization out of reach, or an id that cannot be one, and changes nothing', async () => {
    const { agent } = await masterTree();
    const foreign = await createOrganization();
    const response = await agent.put(`/api/organizations/${foreign.id}`).send({ name: 'Robada' });
    expect(response.status).toBe(404);
    expect(response.text).not.toContain(foreign.name);
    expect((await Organization.query().findById(foreign.id))?.name).toBe(foreign.name);
    expect((await agent.put('/api/organizations/abc').send({ name: 'Robada' })).status).toBe(404);
  });

  it('changes the fields sent and keeps the others', async () => {
    const { child, agent } = await masterTree();
    await Organization.query().findById(child.id).patch({ address: 'Calle 1', subscriptionPlan: 'Plus', maxUsers: 10 });
    const newDomain = domain();
    const response = await agent.put(`/api/organizations/${child.id}`).send({
      name: 'Residencial Renombrado',
      status: 'suspended',
      domain: newDomain.toUpperCase(),
      maxUsers: '',
      contactEmail: 'Admin@Residencial.DO',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Residencial Renombrado',
      status: 'suspended',
      domain: newDomain,
      maxUsers: null,
      contactEmail: 'admin@residencial.do',
      address: 'Calle 1',
      subscriptionPlan: 'Plus',
      type: 'client',
    });
  });

  it('validates like creation and writes nothing', async () => {
    const { child, agent } = await masterTree();
    const response = await agent.put(`/api/organizations/${child.id}`).send({ name: ' x ', maxProperties: -3, primaryColor: '#GGGGGG' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
      maxProperties: 'Debe ser mayor o igual a 0',
      primaryColor: 'Color inválido (use #RRGGBB)',
    });
    expect((await Organization.query().findById(child.id))?.name).toBe(child.name);
  });

  it('refuses the organization itself or one of its descendants as parent', async () => {
    const { master, child, grandchild, agent } = await masterTree();
    const self = await agent.put(`/api/organizations/${child.id}`).send({ parentId: child.id });
    expect(self.status).toBe(400);
    expect(self.body.fields).toEqual({ parentId: 'Una organización no puede ser su propia organización principal' });
    const cycle = await agent.put(`/api/organizations/${child.id}`).send({ name: 'Cambiada', parentId: grandchild.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.fields).toEqual({
      parentId: 'La organización principal no puede ser una de sus organizaciones dependientes',
    });
    const stored = await Organization.query().findById(child.id);
    expect(stored).toMatchObject({ name: child.name, parentId: master.id });
  });

  it('never lets two concurrent moves make a cycle', async () => {
    const { user, agent } = await superAdmin();
    const a = await createOrganization({ parentId: user.organizationId });
    const b = await createOrganization({ parentId: user.organizationId });
    const [first, second] = await Promise.all([
      agent.put(`/api/organizations/${a.id}`).send({ parentId: b.id }),
      agent.put(`/api/organizations/${b.id}`).send({ parentId: a.id }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const [storedA, storedB] = await Promise.all([Organization.query().findById(a.id), Organization.query().findById(b.id)]);
    expect(storedA?.parentId === b.id && storedB?.parentId === a.id).toBe(false);
  });

  it('moves an organization under another one the administrator reaches; no parent means under their own', async () => {
    const { master, child, grandchild, agent } = await masterTree();
    const moved = await agent.put(`/api/organizations/${grandchild.id}`).send({ parentId: null });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(master.id);
    const back = await agent.put(`/api/organizations/${grandchild.id}`).send({ parentId: String(child.id) });
    expect(back.body.parentId).toBe(child.id);
  });

  it('lets an administrator edit their own organization but not its type or parent', async () => {
    const parent = await createOrganization({ type: 'master' });
    const { master, agent } = await masterTree();
    await Organization.query().findById(master.id).patch({ parentId: parent.id });
    const own = await agent
      .put(`/api/organizations/${master.id}`)
      .send({ name: 'Mi Gestora', type: 'master', parentId: parent.id, contactPhone: '809-555-0000' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Mi Gestora', parentId: parent.id });
    for (const change of [{ type: 'client' }, { parentId: null }]) {
      const response = await agent.put(`/api/organizations/${master.id}`).send({ name: 'Otra', ...change });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('No puede cambiar el tipo ni la organización principal de su propia organización');
    }
    expect(await Organization.query().findById(master.id)).toMatchObject({ name: 'Mi Gestora', type: 'master', parentId: parent.id });
  });

  it('answers 409 for a domain another organization uses', async () => {
    const { child, agent } = await masterTree();
    const taken = domain();
    await createOrganization({ domain: taken });
    const response = await agent.put(`/api/organizations/${child.id}`).send({ domain: taken });
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ domain: 'Ya existe una organización con este dominio' });
  });

  it('tells the edited organization’s open clients when its branding changes', async () => {
    const { master, child, admin, agent } = await masterTree();
    await agent.put(`/api/organizations/${child.id}`).send({ primaryColor: '#123456', name: 'Con Marca' });
    const events = await db()('events').where({ organizationId: child.id, type: 'settings.updated' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ audience: 'organization', actorId: admin.id });
    expect(events[0].payload.primaryColor).toBe('#123456');
    expect((await organizationEvents(master.id)).at(-1)).toMatchObject({ type: 'organization.updated', subjectId: child.id });
    await agent.put(`/api/organizations/${child.id}`).send({ name: 'Solo nombre' });
    expect(await db()('events').where({ organizationId: child.id, type: 'settings.updated' })).toHaveLength(1);
  });
});

describe('DELETE /api/organizations/:id', () => {
  const refusal = (message: string) => ({ error: message, message });

  it('answers 404 out of reach and 403 to a client administrator, with the reason in `error`', async () => {
    const { agent } = await masterTree();
    const foreign = await createOrganization();
    const notFound = await agent.delete(`/api/organizations/${foreign.id}`);
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual(refusal('Organización no encontrada'));
    const clientOrg = await createOrganization();
    const clientAdmin = await createUser({ role: 'Administrador', organizationId: clientOrg.id });
    const forbidden = await (await signedIn(clientAdmin)).delete(`/api/organizations/${clientOrg.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(refusal('No tiene permiso para realizar esta acción'));
    expect(await Organization.query().findById(foreign.id)).toBeDefined();
    expect(await Organization.query().findById(clientOrg.id)).toBeDefined();
  });

  it('refuses with 409 while the organization has child organizations, users or properties', async () => {
    const { child, grandchild, agent } = await masterTree();
    const withChildren = await agent.delete(`/api/organizations/${child.id}`);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body).toEqual(refusal('No se puede eliminar la organización: tiene organizaciones dependientes'));

    const user = await createUser({ organizationId: grandchild.id });
    const withUsers = await agent.delete(`/api/organizations/${grandchild.id}`);
    expect(withUsers.status).toBe(409);
    expect(withUsers.body).toEqual(refusal('No se puede eliminar la organización: tiene usuarios'));

    await db()('users').where({ id: user.id }).delete();
    await createProperty({ organizationId: grandchild.id });
    const withProperties = await agent.delete(`/api/organizations/${grandchild.id}`);
    expect(withProperties.status).toBe(409);
    expect(withProperties.body).toEqual(refusal('No se puede eliminar la organización: tiene propiedades'));

    expect(await Organization.query().whereIn('id', [child.id, grandchild.id]).resultSize()).toBe(2);
  });

  it('deletes an empty organization and records it', async () => {
    const { master, admin, agent } = await masterTree();
    const empty = await createOrganization({ parentId: master.id });
    const response = await agent.delete(`/api/organizations/${empty.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await Organization.query().findById(empty.id)).toBeUndefined();
    expect((await organizationEvents(master.id)).at(-1)).toMatchObject({
      type: 'organization.deleted',
      audience: 'administrators',
      actorId: admin.id,
      subjectId: empty.id,
      payload: { name: empty.name },
    });
    expect((await agent.delete(`/api/organizations/${empty.id}`)).status).toBe(404);
  });
});
