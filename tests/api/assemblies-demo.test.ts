import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { seedAssemblies } from '../../server/seed/assemblies';
import { adminWorld, createUnit, createUser, signedIn } from '../support/factories';
import { fetchBytes, pdfText } from '../support/billing';
import { testApp } from '../support/services';

await testApp();

const DAY = 24 * 3600_000;

describe('the demo’s assemblies', () => {
  it('has last year’s closed ordinary assembly with its minutes and a convened one next week with three items', async () => {
    const world = await adminWorld();
    const owner = await createUser({ role: 'Propietario', organizationId: world.organization.id });
    for (const [index, share] of [30, 25, 25, 20].entries()) {
      await createUnit({ propertyId: world.property.id, unitNumber: String(101 + index), share, ownerId: index === 0 ? owner.id : null });
    }
    await transaction((trx) => seedAssemblies(trx, { organizationId: world.organization.id, tower: world.property.id, admin: world.admin }));

    const rows = await db()('assemblies').where({ organizationId: world.organization.id }).orderBy('firstCallAt');
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['ordinary', 'closed'],
      ['extraordinary', 'convened'],
    ]);
    const [closed, upcoming] = rows;
    expect(new Date(closed.firstCallAt).getUTCFullYear()).toBe(new Date().getUTCFullYear() - 1);
    expect(closed.minutesDocumentId).not.toBeNull();
    const ahead = (new Date(upcoming.firstCallAt).getTime() - Date.now()) / DAY;
    expect(ahead).toBeGreaterThan(6);
    expect(ahead).toBeLessThan(8);
    expect(await db()('assemblyItems').where({ assemblyId: upcoming.id }).count({ n: '*' }).first()).toEqual({ n: 3 });

    // The owner reads both, and the minutes among the property's documents, with the results.
    const agent = await signedIn(owner);
    const list = await agent.get('/api/assemblies').expect(200);
    expect(list.body.map((row: { id: number }) => row.id).sort()).toEqual([closed.id, upcoming.id].sort());
    const detail = await agent.get(`/api/assemblies/${closed.id}`).expect(200);
    expect(detail.body.items.filter((item: { result: unknown }) => item.result)).toHaveLength(2);
    const minutes = await pdfText((await fetchBytes(agent, `/api/documents/${closed.minutesDocumentId}/download`)).body);
    expect(minutes).toContain('Acta de asamblea');
    expect(minutes).toContain('APROBADO');
  });
});
