import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';

/** The other organization's bank account, with a statement line and a payment, with telling texts. */
async function otherBank(world: World) {
  const { other } = world;
  const [account] = await db()('bankAccounts')
    .insert({ organizationId: other.organization.id, propertyId: other.property.id, bank: 'bhd', name: `Cuenta ajena ${other.property.name}`, last4: '9999', openingDate: '2026-09-30', receivesPayments: true })
    .returning('id');
  const [statement] = await db()('bankStatements').insert({ organizationId: other.organization.id, bankAccountId: account.id, fileName: 'ajeno.csv', format: 'csv', imported: 1, duplicates: 0 }).returning('id');
  const [line] = await db()('bankLines')
    .insert({ organizationId: other.organization.id, bankAccountId: account.id, statementId: statement.id, date: '2026-10-02', description: 'Movimiento ajeno', amount: 5_000 })
    .returning('id');
  const [payment] = await db()('payments')
    .insert({ organizationId: other.organization.id, propertyId: other.property.id, unitId: other.unit.id, amount: 5_000, method: 'bank_transfer', receivedAt: '2026-10-02', status: 'confirmed', receiptNumber: `AJENO-${account.id}`, recordedById: other.admin.id })
    .returning('id');
  return { account: account.id as number, line: line.id as number, payment: payment.id as number };
}

const secrets = () => ['Cuenta ajena', 'Movimiento ajeno'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
const hidden = (as: (typeof ROLES)[number]) => (as === 'admin' ? 404 : 403);
const each = (route: string, request: IsolationCase['request']): IsolationCase[] => ROLES.map((as) => ({ route, as, request, expect: hidden(as), mustNotContain: secrets }));

/** A bank account and line of the caller's own organization. */
async function ownBank(world: World) {
  const { own } = world;
  const [account] = await db()('bankAccounts')
    .insert({ organizationId: own.organization.id, propertyId: own.property.id, bank: 'popular', last4: '1111', openingDate: '2026-09-30', receivesPayments: true })
    .returning('id');
  const [statement] = await db()('bankStatements').insert({ organizationId: own.organization.id, bankAccountId: account.id, fileName: 'propio.csv', format: 'csv', imported: 1, duplicates: 0 }).returning('id');
  const [line] = await db()('bankLines').insert({ organizationId: own.organization.id, bankAccountId: account.id, statementId: statement.id, date: '2026-10-02', description: 'Propio', amount: 5_000 }).returning('id');
  return { account: account.id as number, line: line.id as number };
}

export const cases: IsolationCase[] = [
  ...each('GET /api/properties/:id/bank-accounts', async (world) => {
    await otherBank(world);
    return { path: `/api/properties/${world.other.property.id}/bank-accounts` };
  }),
  ...each('POST /api/properties/:id/bank-accounts', (world) => ({
    path: `/api/properties/${world.other.property.id}/bank-accounts`,
    body: { bank: 'bhd', last4: '1234', openingDate: '2026-10-01' },
  })),
  ...each('PATCH /api/bank-accounts/:id', async (world) => ({ path: `/api/bank-accounts/${(await otherBank(world)).account}`, body: { name: 'Intruso' } })),
  ...each('POST /api/bank-accounts/:id/statements', async (world) => ({
    path: `/api/bank-accounts/${(await otherBank(world)).account}/statements`,
    body: { fileName: 'a.csv', content: Buffer.from('Fecha,Monto\n2026-10-01,1.00\n').toString('base64'), mapping: { date: 'Fecha', description: 'Fecha', amount: 'Monto', dateFormat: 'yyyy-mm-dd', decimal: 'dot' } },
  })),
  ...each('GET /api/bank-accounts/:id/lines', async (world) => ({ path: `/api/bank-accounts/${(await otherBank(world)).account}/lines` })),
  ...each('POST /api/bank-lines/:id/match', async (world) => {
    const { line, payment } = await otherBank(world);
    return { path: `/api/bank-lines/${line}/match`, body: { paymentId: payment } };
  }),
  // The caller's own line matched to the other organization's payment: 404.
  {
    route: 'POST /api/bank-lines/:id/match',
    request: async (world) => {
      const { payment } = await otherBank(world);
      return { path: `/api/bank-lines/${(await ownBank(world)).line}/match`, body: { paymentId: payment } };
    },
    mustNotContain: secrets,
  },
  ...each('DELETE /api/bank-lines/:id/match', async (world) => ({ path: `/api/bank-lines/${(await otherBank(world)).line}/match` })),
  ...each('GET /api/bank-accounts/:id/reconciliation', async (world) => ({ path: `/api/bank-accounts/${(await otherBank(world)).account}/reconciliation?month=2026-10` })),
  ...each('POST /api/bank-accounts/:id/reconciliation', async (world) => ({ path: `/api/bank-accounts/${(await otherBank(world)).account}/reconciliation`, body: { month: '2026-10' } })),
];
