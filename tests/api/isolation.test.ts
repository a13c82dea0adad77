import { beforeAll, describe, expect, it } from 'vitest';
import { Organization, User } from '../../server/models';
import { createOrganization, createProperty, createUser, signedIn, unique } from '../support/factories';
import { testApp } from '../support/services';
import { declaredRoutes } from './isolation/routes';
import { ISOLATION_SHARDS, cases, shardOf } from './isolation/run';
import { TINY_PNG } from './isolation/world';

/**
 * Tenant isolation across the whole API. Every route of every router in server/routes needs at
 * least one case in tests/api/isolation/*.cases.ts (a route added without a case fails here);
 * the cases themselves run in tests/api/isolation-cases-*.test.ts (./isolation/run.ts).
 */

beforeAll(async () => {
  await testApp();
});

describe('the isolation cases', () => {
  it('cover every route', () => {
    const covered = new Set(cases.map((isolationCase) => isolationCase.route));
    const missing = declaredRoutes.filter((route) => !covered.has(route));
    expect(missing, `routes without an isolation case in tests/api/isolation/*.cases.ts`).toEqual([]);
  });

  it('name only routes that exist', () => {
    const declared = new Set(declaredRoutes);
    const unknown = cases.filter((isolationCase) => !declared.has(isolationCase.route)).map((c) => `${c.route} (${c.file})`);
    expect(unknown, 'cases for routes that are not declared (typo or stale case)').toEqual([]);
  });

  it('explain every route where isolation does not apply', () => {
    expect(cases.filter((c) => c.notApplicable !== undefined && c.notApplicable.trim().length < 10)).toEqual([]);
  });

  it('are all run, each by one of the shard files', () => {
    const shards = Array.from({ length: ISOLATION_SHARDS }, (_, shard) => shardOf(shard));
    expect(shards.flat().sort((a, b) => cases.indexOf(a) - cases.indexOf(b))).toEqual(cases);
  });
});

/** The organization tree: a master's administrators reach their children, never the reverse. */
describe('organization hierarchy', () => {
  async function family() {
    const master = await createOrganization({ type: 'master', name: unique('Maestra') });
    const child = await createOrganization({ parentId: master.id, name: unique('Hija') });
    const people = async (organization: Organization) => {
      const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
      const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
      await User.query().findById(owner.id).patch({ avatar: Buffer.from(TINY_PNG, 'base64'), avatarType: 'image/png' });
      const property = await createProperty({ organizationId: organization.id, name: unique('Torre') });
      return { admin, owner, property };
    };
    return { master, child, inMaster: await people(master), inChild: await people(child) };
  }

  it('a master organization administrator reaches its child organization’s data', async () => {
    const { master, child, inMaster, inChild } = await family();
    const agent = await signedIn(inMaster.admin);
    const organizations = await agent.get('/api/organizations');
    expect(organizations.body.map((o: { id: number }) => o.id).sort()).toEqual([master.id, child.id].sort());
    expect((await agent.get(`/api/users/${inChild.owner.id}/avatar`)).status).toBe(200);
    const property = await agent.get(`/api/properties/${inChild.property.id}`);
    expect(property.status).toBe(200);
    expect(property.text).toContain(inChild.property.name);
    expect((await agent.put(`/api/organizations/${child.id}`).send({ status: 'inactive' })).status).toBe(200);
  });

  it('a client organization administrator does not reach its parent’s', async () => {
    const { master, child, inMaster, inChild } = await family();
    const agent = await signedIn(inChild.admin);
    const organizations = await agent.get('/api/organizations');
    expect(organizations.body.map((o: { id: number }) => o.id)).toEqual([child.id]);
    expect(organizations.text).not.toContain(master.name);
    expect((await agent.get(`/api/users/${inMaster.owner.id}/avatar`)).status).toBe(404);
    const property = await agent.get(`/api/properties/${inMaster.property.id}`);
    expect(property.status).toBe(404);
    expect(property.text).not.toContain(inMaster.property.name);
    expect((await agent.put(`/api/organizations/${master.id}`).send({ name: 'Tomada' })).status).toBe(404);
    expect((await agent.delete(`/api/organizations/${master.id}`)).status).toBe(404);
  });

  it('a super-admin reaches every organization', async () => {
    const { master, child, inChild } = await family();
    const unrelated = await createOrganization();
    const superAdmin = await createUser({ role: 'Administrador', isSuperAdmin: true, organizationId: unrelated.id });
    const agent = await signedIn(superAdmin);
    const ids = (await agent.get('/api/organizations')).body.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([master.id, child.id, unrelated.id]));
    expect((await agent.get(`/api/users/${inChild.owner.id}/avatar`)).status).toBe(200);
    expect((await agent.get(`/api/properties/${inChild.property.id}`)).status).toBe(200);
    expect((await agent.put(`/api/organizations/${master.id}`).send({ status: 'suspended' })).status).toBe(200);
  });
});
