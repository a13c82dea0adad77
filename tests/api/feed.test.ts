import { describe, expect, it } from 'vitest';
import { expireEndedBroadcasts } from '../../server/commands/broadcasts';
import { transaction } from '../../server/db/transaction';
import {
  adminWorld,
  createBroadcast,
  createMaintenanceRequest,
  createResident,
  createUser,
  samplePdf,
  signedIn,
  unique,
} from '../support/factories';
import { testApp } from '../support/services';

await testApp();

/**
 * The dashboard's activity feed shows each role only events about things it may open, and the
 * administration's own changes only to administrators.
 */

type Item = { type: string; title: string | null; subject: { type: string; id: number } | null };

async function feedOf(agent: Awaited<ReturnType<typeof signedIn>>): Promise<Item[]> {
  const response = await agent.get('/api/dashboard');
  expect(response.status).toBe(200);
  return response.body.recentActivity;
}

/** An organization with its administrator, a property with a resident and an owner, and a supplier working there. */
async function community() {
  const world = await adminWorld();
  const { organization, property } = world;
  const { user: resident } = await createResident({ property });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
  await property.$query().patch({ ownerId: owner.id });
  const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id });
  return {
    ...world,
    residentAgent: await signedIn(resident),
    ownerAgent: await signedIn(owner),
    supplierAgent: await signedIn(supplier),
  };
}

async function upload(agent: Awaited<ReturnType<typeof signedIn>>, access: string) {
  const response = await agent.post('/api/documents').send({
    title: unique('Acta de asamblea'),
    category: 'meeting-minutes',
    access,
    fileType: 'application/pdf',
    fileName: 'acta.pdf',
    content: samplePdf().toString('base64'),
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; title: string };
}

const titles = (items: Item[]) => items.map((item) => item.title);

describe('documents in the feed', () => {
  it('a public document reaches owners and residents, never the suppliers (who read no documents)', async () => {
    const { agent, residentAgent, ownerAgent, supplierAgent } = await community();
    const document = await upload(agent, 'public');
    expect(titles(await feedOf(residentAgent))).toContain(document.title);
    expect(titles(await feedOf(ownerAgent))).toContain(document.title);
    expect(JSON.stringify(await feedOf(supplierAgent))).not.toContain(document.title);
  });

  it('an upload stays in the feed only while the document can be opened', async () => {
    const { agent, residentAgent } = await community();
    const document = await upload(agent, 'public');
    expect(titles(await feedOf(residentAgent))).toContain(document.title);
    expect((await agent.delete(`/api/documents/${document.id}`)).status).toBe(204);
    const after = await feedOf(residentAgent);
    expect(after.filter((item) => item.type === 'document.uploaded' && item.subject?.id === document.id)).toEqual([]);
    expect(after.find((item) => item.type === 'document.deleted')?.title).toBe(document.title);
  });
});

describe('administrative changes', () => {
  it('settings saved appear to administrators only', async () => {
    const { agent, residentAgent, ownerAgent, supplierAgent } = await community();
    expect((await agent.put('/api/settings').send({ appName: unique('Vecindad') })).status).toBe(200);
    expect((await feedOf(agent)).map((item) => item.type)).toContain('settings.updated');
    for (const other of [residentAgent, ownerAgent, supplierAgent]) {
      expect((await feedOf(other)).map((item) => item.type)).not.toContain('settings.updated');
    }
  });
});

describe('notices in the feed', () => {
  it('a draft is not news until it is published', async () => {
    const { agent, property, residentAgent } = await community();
    const title = unique('Asamblea');
    const draft = await agent
      .post(`/api/properties/${property.id}/broadcasts`)
      .send({ title, message: 'Convocatoria a la asamblea anual de propietarios.', status: 'draft' });
    expect(draft.status).toBe(201);
    expect(titles(await feedOf(agent))).toContain(title);
    expect(titles(await feedOf(residentAgent))).not.toContain(title);

    expect((await agent.patch(`/api/broadcasts/${draft.body.id}`).send({ status: 'active' })).status).toBe(200);
    expect(titles(await feedOf(residentAgent))).toContain(title);
  });

  it('an expired notice keeps its title', async () => {
    const { property, residentAgent } = await community();
    const notice = await createBroadcast({ propertyId: property.id, title: unique('Corte de luz'), endDate: new Date(Date.now() - 1000) });
    await transaction((trx) => expireEndedBroadcasts(trx, { broadcastId: notice.id }));
    const [item] = await feedOf(residentAgent);
    expect(item).toMatchObject({ type: 'broadcast.expired', title: notice.title });
  });
});
