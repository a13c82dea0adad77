import { db } from '../../../server/db';
import { PNG_PROOF, day } from '../../support/billing';
import { createCharge } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** A charge and a confirmed payment (with a proof) of the other organization's unit, with telling texts. */
async function otherLedger(world: World) {
  const { other } = world;
  const charge = await createCharge({ unitId: other.unit.id, description: `Cuota ajena ${other.property.name}` });
  const [payment] = await db()('payments')
    .insert({
      organizationId: other.organization.id,
      propertyId: other.property.id,
      unitId: other.unit.id,
      userId: other.resident.id,
      recordedById: other.admin.id,
      amount: 1_000,
      method: 'bank_transfer',
      reference: `REF-AJENA-${other.unit.unitNumber}`,
      receivedAt: day(0),
      status: 'confirmed',
      receiptNumber: `REC-AJENO-${other.unit.id}`,
    })
    .returning('id');
  await db()('paymentProofs').insert({ paymentId: payment.id, fileType: 'image/png', sizeBytes: PNG_PROOF.length, content: PNG_PROOF });
  return { charge, paymentId: payment.id as number };
}

const secrets = () => [`Cuota ajena`, `REF-AJENA`, `REC-AJENO`];

const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
/** Owners and residents get 404 for the other organization's rows; a supplier is refused billing first (403). */
const hidden = (as: (typeof ROLES)[number]) => (as === 'supplier' ? [403, 404] : 404);

const each = (route: string, request: IsolationCase['request'], expect: (as: (typeof ROLES)[number]) => number | number[] = hidden): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: expect(as), mustNotContain: secrets }));

export const cases: IsolationCase[] = [
  ...each('GET /api/billing/summary', async (world) => {
    await otherLedger(world);
    return { path: `/api/billing/summary?propertyId=${world.other.property.id}` };
  }),
  ...each('GET /api/billing/units', (world) => ({ path: `/api/billing/units?propertyId=${world.other.property.id}` })),
  ...each('GET /api/charges', async (world) => {
    await otherLedger(world);
    return { path: `/api/charges?unitId=${world.other.unit.id}` };
  }),
  // Without filters the lists answer 200 with nothing of the other organization.
  ...each('GET /api/charges', async (world) => {
    await otherLedger(world);
    return { path: '/api/charges' };
  }, (as) => (as === 'supplier' ? 403 : 200)),
  ...each('GET /api/charges/export', async (world) => {
    await otherLedger(world);
    return { path: '/api/charges/export' };
  }, (as) => (as === 'supplier' ? 403 : 200)),
  ...each('POST /api/charges', (world) => ({
    path: '/api/charges',
    body: { unitId: world.other.unit.id, type: 'maintenance', amount: 1_000, dueDate: day(5), description: 'Intruso' },
  }), (as) => (as === 'admin' ? 404 : 403)),
  ...each('GET /api/payments', async (world) => {
    await otherLedger(world);
    return { path: `/api/payments?propertyId=${world.other.property.id}` };
  }),
  ...each('GET /api/payments', async (world) => {
    await otherLedger(world);
    return { path: '/api/payments' };
  }, (as) => (as === 'supplier' ? 403 : 200)),
  ...each('GET /api/payments/export', async (world) => {
    await otherLedger(world);
    return { path: '/api/payments/export' };
  }, (as) => (as === 'supplier' ? 403 : 200)),
  ...each('POST /api/payments', (world) => ({
    path: '/api/payments',
    body: { unitId: world.other.unit.id, amount: 1_000, method: 'cash', receivedAt: day(0) },
  }), (as) => (as === 'admin' ? 404 : 403)),
  ...each('POST /api/payments/report', (world) => ({
    path: '/api/payments/report',
    body: {
      unitId: world.other.unit.id,
      amount: 1_000,
      receivedAt: day(0),
      reference: 'X-1',
      proof: { fileName: 'p.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') },
    },
  }), (as) => (as === 'admin' || as === 'supplier' ? 403 : 404)),
  ...each('PATCH /api/payments/:id', async (world) => ({
    path: `/api/payments/${(await otherLedger(world)).paymentId}`,
    body: { status: 'refunded', reason: 'Intruso' },
  })),
  ...each('GET /api/payments/:id/receipt.pdf', async (world) => ({ path: `/api/payments/${(await otherLedger(world)).paymentId}/receipt.pdf` })),
  ...each('GET /api/payments/:id/proof', async (world) => ({ path: `/api/payments/${(await otherLedger(world)).paymentId}/proof` })),
  ...each('GET /api/units/:id/statement', async (world) => {
    await otherLedger(world);
    return { path: `/api/units/${world.other.unit.id}/statement` };
  }),
  ...each('GET /api/units/:id/statement.pdf', async (world) => {
    await otherLedger(world);
    return { path: `/api/units/${world.other.unit.id}/statement.pdf` };
  }),
  ...each('GET /api/units/:id/statement.csv', async (world) => {
    await otherLedger(world);
    return { path: `/api/units/${world.other.unit.id}/statement.csv` };
  }),
];
