import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { ANONYMISED_PICKUP } from '../../shared/schemas/packages';
import { ANONYMISED_NAME } from '../../shared/schemas/visitors';
import { sweepVisitorsIn } from '../../worker/jobs/sweep-visitors';
import { createOrganization, createPackage, createProperty, createResident, createUser, createVisitorPass } from '../support/factories';
import { testApp } from '../support/services';
import { TINY_PNG } from '../api/isolation/world';

/**
 * The retention sweep (Ley 172-13) in batches, on PostgreSQL: batch sizes far below the rows
 * due, so the sweep must go batch after batch (one transaction each, its own events) to finish.
 */
beforeAll(async () => {
  await testApp();
});

const DAY = 86_400_000;
const png = Buffer.from(TINY_PNG, 'base64');
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function tower() {
  const organization = await createOrganization();
  await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const { user: host, unit } = await createResident({ property });
  return { organization, property, host, unit };
}

const events = (type: string, organizationId: number) => db()('events').where({ type, organizationId }).orderBy('id');

describe('the retention sweep in batches', () => {
  it('anonymises more rows than a batch holds, a transaction per batch; skips a row another holds; a second run changes nothing', async () => {
    const t = await tower();
    const base = { propertyId: t.property.id, unitId: t.unit.id, hostId: t.host.id };
    const closed = { status: 'checked-out', uses: 1, phone: '809-555-0142', vehiclePlate: 'A123456', validFrom: ago(401), validTo: ago(400), checkOutTime: ago(400) };
    const old = [];
    for (let i = 0; i < 11; i++) old.push(await createVisitorPass({ ...base, ...closed, name: `Visitante ${i}` }));
    const recent = await createVisitorPass({ ...base, ...closed, validFrom: ago(11), validTo: ago(10), checkOutTime: ago(10) });
    const live = await createVisitorPass(base);
    const parcel = { propertyId: t.property.id, unitId: t.unit.id, photo: png, photoType: 'image/png', signature: png, status: 'picked_up', pickedUpByName: 'Pedro', pickedUpByIdNumber: '001-1234567-8', pickedUpAt: ago(399) };
    const packages = [];
    for (let i = 0; i < 5; i++) packages.push(await createPackage(parcel));
    const recentPackage = await createPackage({ ...parcel, pickedUpAt: ago(1) });

    // Another transaction holds one old pass: the sweep goes past it, and the next one gets it.
    const holder = await db().transaction();
    await holder('visitors').where({ id: old[5].id }).forUpdate();
    await sweepVisitorsIn({ limit: 3, span: 4 });
    expect((await db()('visitors').where({ id: old[5].id }).first()).anonymizedAt).toBeNull();
    await holder.rollback();
    await sweepVisitorsIn({ limit: 3, span: 4 });

    const visits = await db()('visitors').whereIn('id', old.map((row) => row.id)).orderBy('id');
    expect(visits.every((row) => row.name === ANONYMISED_NAME && row.phone === null && row.vehiclePlate === null && row.anonymizedAt !== null)).toBe(true);
    expect(await db()('visitors').whereIn('id', [recent.id, live.id]).whereNotNull('anonymizedAt')).toHaveLength(0);
    const parcels = await db()('packages').whereIn('id', packages.map((row) => row.id));
    expect(parcels.every((row) => row.photo === null && row.signature === null && row.pickedUpByName === ANONYMISED_PICKUP && row.pickedUpByIdNumber === null)).toBe(true);
    expect((await db()('packages').where({ id: recentPackage.id }).first()).photo).not.toBeNull();

    // One event per batch that wrote: no batch wrote more than 3 rows, and together they wrote each row once.
    const visitBatches = (await events('visitors.anonymised', t.organization.id)).map((event) => event.payload.count);
    const packageBatches = (await events('packages.anonymised', t.organization.id)).map((event) => event.payload.count);
    expect(visitBatches.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...visitBatches, ...packageBatches)).toBeLessThanOrEqual(3);
    expect(visitBatches.reduce((a, b) => a + b, 0)).toBe(11);
    expect(packageBatches.reduce((a, b) => a + b, 0)).toBe(5);

    // Once more: nothing left, nothing rewritten.
    const stamps = visits.map((row) => row.anonymizedAt.toISOString());
    expect(await sweepVisitorsIn({ limit: 3, span: 4 })).toMatchObject({ anonymised: 0, packages: 0 });
    const after = await db()('visitors').whereIn('id', old.map((row) => row.id)).orderBy('id');
    expect(after.map((row) => row.anonymizedAt.toISOString())).toEqual(stamps);
    expect(await events('visitors.anonymised', t.organization.id)).toHaveLength(visitBatches.length);
  });
});
