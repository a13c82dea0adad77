import { db } from '../../../server/db';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** An account the tenant's administrator added to its chart. */
async function accountOf(tenant: Tenant) {
  const [account] = await db()('accounts').insert({ organizationId: tenant.organization.id, code: '6999', name: 'Gastos varios', kind: 'expense' }).returning('id');
  return account.id as number;
}

/** Finances: the transparency switch and the chart of accounts. */
export const cases: InputCase[] = [
  { route: 'PUT /api/finances/transparency', noText: 'the body is one boolean (enabled), no text and no query' },
  { route: 'POST /api/accounts', request: () => ({ path: '/api/accounts', body: { code: '6998', name: 'Gastos de representación', kind: 'expense' } }) },
  { route: 'PATCH /api/accounts/:id', request: async (tenant) => ({ path: `/api/accounts/${await accountOf(tenant)}`, body: { code: '6997', name: 'Gastos menores' } }) },
];
