import { describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { db } from '../../server/db';
import { messageText } from '../../shared/messages';
import { adminWorld, createAmenity, createBroadcast, createOrganization, createResident, createUnit } from '../support/factories';
import { testApp } from '../support/services';

/**
 * No silent lost updates: every edit of properties, units, residents, amenities, broadcasts,
 * organizations and system settings carries the version the editor loaded (presenters expose
 * it); a stale one answers 409 `conflict` and changes nothing; a row deleted while it is being
 * edited answers 404, never 500.
 */

await testApp();

type Agent = supertest.Agent;
type Editable = {
  /** The method and path of the edit, a change of one field, and where the row is read. */
  method: 'patch' | 'put';
  path: string;
  change: (n: number) => Record<string, unknown>;
  read: string;
  /** The table and id of the row (its stored version). */
  table: string;
  id: number;
  /** How the row is deleted, when it can be. */
  remove?: string;
};

/** Each kind of edited row, in a fresh organization of a master organization's administrator. */
const KINDS: Record<string, (world: Awaited<ReturnType<typeof adminWorld>>) => Promise<Editable>> = {
  property: async ({ property }) => ({
    method: 'patch',
    path: `/api/properties/${property.id}`,
    change: (n) => ({ name: `Torre ${n}` }),
    read: `/api/properties/${property.id}`,
    table: 'properties',
    id: property.id,
    remove: `/api/properties/${property.id}`,
  }),
  unit: async ({ property }) => {
    const unit = await createUnit({ propertyId: property.id });
    return {
      method: 'patch',
      path: `/api/units/${unit.id}`,
      change: (n) => ({ floor: n }),
      read: `/api/units/${unit.id}`,
      table: 'units',
      id: unit.id,
      remove: `/api/units/${unit.id}`,
    };
  },
  resident: async ({ property }) => {
    const { resident } = await createResident({ property });
    return {
      method: 'patch',
      path: `/api/properties/${property.id}/residents/${resident.id}`,
      change: (n) => ({ name: `Vecina ${n}`, unit: `U${n}`, createUnit: true }),
      read: `/api/residents/${resident.id}`,
      table: 'residents',
      id: resident.id,
      // A residence goes with its property.
      remove: `/api/properties/${property.id}`,
    };
  },
  amenity: async ({ property }) => {
    const amenity = await createAmenity({ propertyId: property.id });
    return {
      method: 'patch',
      path: `/api/amenities/${amenity.id}`,
      change: (n) => ({ capacity: n }),
      read: `/api/amenities/${amenity.id}`,
      table: 'amenities',
      id: amenity.id,
      remove: `/api/amenities/${amenity.id}`,
    };
  },
  broadcast: async ({ property }) => {
    const broadcast = await createBroadcast({ propertyId: property.id });
    return {
      method: 'patch',
      path: `/api/broadcasts/${broadcast.id}`,
      change: (n) => ({ title: `Aviso número ${n}` }),
      read: `/api/broadcasts?propertyId=${property.id}`,
      table: 'broadcasts',
      id: broadcast.id,
      remove: `/api/broadcasts/${broadcast.id}`,
    };
  },
  organization: async ({ organization }) => {
    const child = await createOrganization({ parentId: organization.id });
    return {
      method: 'put',
      path: `/api/organizations/${child.id}`,
      change: (n) => ({ name: `Filial ${n}` }),
      read: '/api/organizations',
      table: 'organizations',
      id: child.id,
      remove: `/api/organizations/${child.id}`,
    };
  },
  'system settings': async ({ organization }) => ({
    method: 'put',
    path: '/api/settings',
    change: (n) => ({ appName: `Vecindad ${n}` }),
    read: '/api/settings',
    table: 'organizations',
    id: organization.id,
  }),
};

/** The row as the API shows it (a list answers it among others). */
async function shownRow(agent: Agent, editable: Editable): Promise<Record<string, unknown>> {
  const { body } = await agent.get(editable.read);
  return Array.isArray(body) ? body.find((item: { id: number }) => item.id === editable.id) : body;
}
const shownVersion = async (agent: Agent, editable: Editable) => (await shownRow(agent, editable)).version as number;
const storedVersion = async ({ table, id }: Editable) => (await db()(table).where({ id }).first('version')).version as number;

async function setUp(kind: string) {
  const world = await adminWorld({ type: 'master' });
  return { agent: world.agent, editable: await KINDS[kind](world) };
}

describe.each(Object.keys(KINDS))('editing a %s', (kind) => {
  it('shows its version, takes an edit of the current one and raises it', async () => {
    const { agent, editable } = await setUp(kind);
    const version = await shownVersion(agent, editable);
    expect(version).toBe(1);
    const response = await agent[editable.method](editable.path).send({ ...editable.change(1), version });
    expect(response.status, response.text).toBe(200);
    expect(response.body.version).toBe(2);
    expect(await shownVersion(agent, editable)).toBe(2);
  });

  it('answers 409 conflict to an edit of an older version and keeps the other edit', async () => {
    const { agent, editable } = await setUp(kind);
    const version = await shownVersion(agent, editable);
    expect((await agent[editable.method](editable.path).send({ ...editable.change(1), version })).status).toBe(200);

    const stale = await agent[editable.method](editable.path).send({ ...editable.change(2), version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'conflict', message: messageText('stale_version') });
    expect(stale.body.message).toMatch(/^Otra persona cambió este registro/);
    expect(await storedVersion(editable)).toBe(2);
    const [field, kept] = Object.entries(editable.change(1))[0];
    expect((await shownRow(agent, editable))[field]).toBe(kept);
  });

  it('lets one of two edits of the same version win and answers 409 to the other', async () => {
    const { agent, editable } = await setUp(kind);
    const version = await shownVersion(agent, editable);
    const statuses = await Promise.all([1, 2].map((n) => agent[editable.method](editable.path).send({ ...editable.change(n), version }).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await storedVersion(editable)).toBe(2);
  });

  it('still takes an edit without a version (API clients), raising it', async () => {
    const { agent, editable } = await setUp(kind);
    expect((await agent[editable.method](editable.path).send(editable.change(3))).status).toBe(200);
    expect(await storedVersion(editable)).toBe(2);
  });
});

describe.each(Object.keys(KINDS).filter((kind) => kind !== 'system settings'))('deleting a %s while it is edited', (kind) => {
  it('gives the edits only 200, 404 or 409, never 500', async () => {
    const { agent, editable } = await setUp(kind);
    const version = await shownVersion(agent, editable);
    const edits = Array.from({ length: 10 }, (_, n) =>
      agent[editable.method](editable.path)
        .send({ ...editable.change(n), ...(n % 2 ? { version } : {}) })
        .then((response) => response.status),
    );
    const deletion = agent.delete(editable.remove!).then((response) => response.status);
    const [deleted, ...statuses] = await Promise.all([deletion, ...edits]);
    expect([200, 204]).toContain(deleted);
    for (const status of statuses) expect([200, 404, 409], `statuses ${statuses}`).toContain(status);
    expect(await db()(editable.table).where({ id: editable.id }).first()).toBeUndefined();
    // Once it is gone, an edit is 404.
    expect((await agent[editable.method](editable.path).send({ ...editable.change(11), version })).status).toBe(404);
  });
});

describe('other changes of a row raise its version', () => {
  it('deactivating a resident: an edit form opened before answers 409 instead of reopening the residence', async () => {
    const { agent, editable } = await setUp('resident');
    const version = await shownVersion(agent, editable);
    const [propertyId] = editable.path.match(/\d+/)!;
    expect((await agent.post(`/api/properties/${propertyId}/residents/${editable.id}/deactivate`)).status).toBe(200);
    const stale = await agent.patch(editable.path).send({ name: 'Vecina', unit: '1', status: 'active', version });
    expect(stale.status).toBe(409);
    expect((await db()('residents').where({ id: editable.id }).first()).status).toBe('inactive');
  });

  it('an edit of the organization form makes an open system settings form stale (one row)', async () => {
    const world = await adminWorld({ type: 'master' });
    const settings = await world.agent.get('/api/settings');
    expect(settings.body.version).toBe(1);
    const organization = (await world.agent.get('/api/organizations')).body.find((o: { id: number }) => o.id === world.organization.id);
    expect((await world.agent.put(`/api/organizations/${world.organization.id}`).send({ contactPhone: '809-555-0199', version: organization.version })).status).toBe(200);
    const stale = await world.agent.put('/api/settings').send({ contactPhone: '809-555-0100', version: settings.body.version });
    expect(stale.status).toBe(409);
    expect((await world.agent.get('/api/settings')).body).toMatchObject({ contactPhone: '809-555-0199', version: 2 });
  });
});
