import { db } from '../../../server/db';
import { day } from '../../support/billing';
import type { IsolationCase, World } from './types';

/** The other organization's funds, a supplier and a paid expense, with telling texts. */
async function otherBooks(world: World) {
  const { other } = world;
  const [operating, reserve] = await db()('funds').where({ propertyId: other.property.id }).orderBy('id');
  const [supplier] = await db()('suppliers')
    .insert({ organizationId: other.organization.id, name: `Proveedor ajeno ${other.property.name}`, taxId: '131246796' })
    .returning('id');
  const [expense] = await db()('expenses')
    .insert({
      organizationId: other.organization.id,
      propertyId: other.property.id,
      fundId: operating.id,
      supplierId: supplier.id,
      category: 'repairs',
      issueDate: day(-1),
      amount: 1_000,
      itbis: 180,
      paidAmount: 500,
      description: `Gasto ajeno ${other.property.name}`,
      invoiceNumber: 'FACT-AJENA-1',
    })
    .returning('id');
  await db()('expensePayments').insert({ organizationId: other.organization.id, expenseId: expense.id, fundId: operating.id, amount: 500, paidAt: day(0), method: 'cash' });
  return { operatingId: operating.id as number, reserveId: reserve.id as number, supplierId: supplier.id as number, expenseId: expense.id as number };
}

const secrets = () => ['Proveedor ajeno', 'Gasto ajeno', 'FACT-AJENA'];

const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
/** Finances are the administrators': other roles are refused first (403); an administrator gets 404 for the other organization's rows. */
const hidden = (as: (typeof ROLES)[number]) => (as === 'admin' ? 404 : 403);

const each = (route: string, request: IsolationCase['request'], expect: (as: (typeof ROLES)[number]) => number | number[] = hidden): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: expect(as), mustNotContain: secrets }));

export const cases: IsolationCase[] = [
  ...each('GET /api/properties/:id/funds', async (world) => {
    await otherBooks(world);
    return { path: `/api/properties/${world.other.property.id}/funds` };
  }),
  ...each('POST /api/properties/:id/funds', (world) => ({
    path: `/api/properties/${world.other.property.id}/funds`,
    body: { name: 'Fondo intruso', openingBalance: 100, openingDate: day(0) },
  })),
  ...each('PATCH /api/funds/:id', async (world) => ({
    path: `/api/funds/${(await otherBooks(world)).operatingId}`,
    body: { name: 'Fondo intruso' },
  })),
  ...each('POST /api/funds/transfers', async (world) => {
    const { operatingId, reserveId } = await otherBooks(world);
    return { path: '/api/funds/transfers', body: { fromFundId: operatingId, toFundId: reserveId, amount: 100, date: day(0), description: 'Intruso' } };
  }),
  // From the caller's own fund into the other organization's: still 404.
  {
    route: 'POST /api/funds/transfers',
    request: async (world) => {
      const { reserveId } = await otherBooks(world);
      const [own] = await db()('funds').where({ propertyId: world.own.property.id }).orderBy('id');
      return { path: '/api/funds/transfers', body: { fromFundId: own.id, toFundId: reserveId, amount: 100, date: day(0), description: 'Intruso' } };
    },
    mustNotContain: secrets,
  },
  // Without filters the lists answer 200 to administrators with nothing of the other organization.
  ...each('GET /api/suppliers', async (world) => {
    await otherBooks(world);
    return { path: '/api/suppliers' };
  }, (as) => (as === 'admin' ? 200 : 403)),
  ...each('POST /api/suppliers', () => ({ path: '/api/suppliers', body: { name: 'Proveedor intruso' } }), (as) => (as === 'admin' ? 201 : 403)),
  ...each('GET /api/suppliers/:id', async (world) => ({ path: `/api/suppliers/${(await otherBooks(world)).supplierId}` })),
  ...each('PATCH /api/suppliers/:id', async (world) => ({ path: `/api/suppliers/${(await otherBooks(world)).supplierId}`, body: { notes: 'Intruso' } })),
  ...each('GET /api/expenses', async (world) => {
    await otherBooks(world);
    return { path: '/api/expenses' };
  }, (as) => (as === 'admin' ? 200 : 403)),
  ...each('GET /api/expenses', async (world) => {
    await otherBooks(world);
    return { path: `/api/expenses?propertyId=${world.other.property.id}` };
  }),
  ...each('GET /api/expenses', async (world) => ({ path: `/api/expenses?supplierId=${(await otherBooks(world)).supplierId}` })),
  ...each('GET /api/expenses', async (world) => ({ path: `/api/expenses?fundId=${(await otherBooks(world)).operatingId}` })),
  ...each('POST /api/expenses', async (world) => {
    const { operatingId } = await otherBooks(world);
    return {
      path: '/api/expenses',
      body: { propertyId: world.other.property.id, fundId: operatingId, category: 'repairs', issueDate: day(0), amount: 100, description: 'Intruso' },
    };
  }),
  // The caller's own property and fund with the other organization's supplier: 404.
  {
    route: 'POST /api/expenses',
    request: async (world) => {
      const { supplierId } = await otherBooks(world);
      const [own] = await db()('funds').where({ propertyId: world.own.property.id }).orderBy('id');
      return {
        path: '/api/expenses',
        body: { propertyId: world.own.property.id, fundId: own.id, supplierId, category: 'repairs', issueDate: day(0), amount: 100, description: 'Intruso' },
      };
    },
    mustNotContain: secrets,
  },
  ...each('GET /api/expenses/:id', async (world) => ({ path: `/api/expenses/${(await otherBooks(world)).expenseId}` })),
  ...each('PATCH /api/expenses/:id', async (world) => ({ path: `/api/expenses/${(await otherBooks(world)).expenseId}`, body: { description: 'Intruso' } })),
  ...each('POST /api/expenses/:id/payments', async (world) => ({
    path: `/api/expenses/${(await otherBooks(world)).expenseId}/payments`,
    body: { amount: 100, paidAt: day(0), method: 'cash' },
  })),
  ...each('POST /api/expenses/:id/void', async (world) => ({ path: `/api/expenses/${(await otherBooks(world)).expenseId}/void`, body: { reason: 'Intruso' } })),
];
