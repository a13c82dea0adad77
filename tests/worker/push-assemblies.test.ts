import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';
import { usePushService } from '../support/push-service';

/**
 * Assemblies on the phone (docs/modules/push.md): convening pushes the notice to the property's
 * owners, and a vote opened in session pushes to those who may vote (owners, approved proxies'
 * holders), each by their switch for messages; nobody of another property is told. The pushes
 * are the real protocol, decrypted with each device's private key.
 */
const world = useLiveWorld();
const { api } = world;
const { subscribeDevice, pushesTo, open } = usePushService(world);

const HOUR = 3600_000;
const quiet = { notifications: { email: true, messages: false, maintenance: false, payment: false, visitor: false, marketing: false } };

describe('with a worker', () => {
  world.useWorker();

  it('pushes the notice of a convened assembly and its opened votes to the property’s owners, by their switch, and to nobody of another property', async () => {
    const organization = await createOrganization();
    const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
    const property = await createProperty({ organizationId: organization.id });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const silentOwner = await createUser({ role: 'Propietario', organizationId: organization.id, preferences: quiet });
    const first = await createUnit({ propertyId: property.id, unitNumber: '101', share: 50, ownerId: owner.id });
    await createUnit({ propertyId: property.id, unitNumber: '102', share: 50, ownerId: silentOwner.id });
    // A resident (not an owner) of the property, and an owner of another property of the organization.
    const { user: tenant } = await createResident({ property, unit: first });
    const otherProperty = await createProperty({ organizationId: organization.id });
    const otherOwner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await createUnit({ propertyId: otherProperty.id, unitNumber: '101', share: 100, ownerId: otherOwner.id });
    const devices = {
      owner: await subscribeDevice(owner),
      silent: await subscribeDevice(silentOwner),
      tenant: await subscribeDevice(tenant),
      otherOwner: await subscribeDevice(otherOwner),
    };

    const cookie = await world.cookie(admin);
    const created = await api('POST', '/api/assemblies', cookie, {
      propertyId: property.id,
      kind: 'ordinary',
      title: 'Asamblea ordinaria 2026',
      firstCallAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      place: 'Lobby',
      quorumFirstCall: 50,
      items: [{ title: 'Presupuesto 2027' }],
    });
    expect(created.status).toBe(201);
    const assemblyId = created.body.id as number;
    expect((await api('POST', `/api/assemblies/${assemblyId}/convene`, cookie)).status).toBe(200);

    await waitFor(() => pushesTo(devices.owner).length === 1, 8000, 'la convocatoria');
    expect(open(devices.owner, pushesTo(devices.owner)[0])).toEqual({
      title: 'Convocatoria: Asamblea ordinaria 2026',
      body: expect.stringContaining('Lobby'),
      url: `/assemblies/${assemblyId}`,
      tag: expect.any(String),
    });

    // In session with both units present, the vote opens.
    const assembly = (await api('GET', `/api/assemblies/${assemblyId}`, cookie)).body as { items: Array<{ id: number }> };
    const itemId = assembly.items[0].id;
    for (const unitNumber of ['101', '102']) {
      const unit = await db()('units').where({ propertyId: property.id, unitNumber }).first();
      expect((await api('POST', `/api/assemblies/${assemblyId}/attendance`, cookie, { unitId: unit.id, present: true, via: 'room' })).status).toBe(200);
    }
    expect((await api('POST', `/api/assemblies/${assemblyId}/start`, cookie)).status).toBe(200);
    expect((await api('POST', `/api/assemblies/${assemblyId}/items/${itemId}/open`, cookie)).status).toBe(200);

    await waitFor(() => pushesTo(devices.owner).length === 2, 8000, 'la votación abierta');
    expect(open(devices.owner, pushesTo(devices.owner)[1])).toEqual({
      title: 'Votación abierta: Presupuesto 2027',
      body: expect.stringContaining('Asamblea ordinaria 2026'),
      url: `/assemblies/${assemblyId}`,
      tag: `assembly-vote-${assemblyId}`,
    });

    // The owner who turned messages off has both in the inbox, not on the phone; the tenant
    // and the other property's owner have neither.
    await waitFor(
      () => db()('notifications').where({ userId: silentOwner.id }).whereIn('type', ['assembly.convened', 'assembly.item_opened']).then((rows) => rows.length === 2),
      5000,
      'las notificaciones del propietario sin avisos',
    );
    expect(pushesTo(devices.silent)).toHaveLength(0);
    expect(pushesTo(devices.tenant)).toHaveLength(0);
    expect(pushesTo(devices.otherOwner)).toHaveLength(0);
    expect(await db()('notifications').whereIn('userId', [tenant.id, otherOwner.id]).whereIn('type', ['assembly.convened', 'assembly.item_opened'])).toEqual([]);
    // A long path (drafting, convening, attendance, session, vote) on a shared machine.
  }, 60_000);
});
