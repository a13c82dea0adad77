import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';

/** An account of the other organization's chart, with a telling name. */
async function otherAccount(world: World) {
  const [account] = await db()('accounts')
    .insert({ organizationId: world.other.organization.id, code: '6999', name: `Cuenta contable ajena ${world.other.property.name}`, kind: 'expense' })
    .returning('id');
  return account.id as number;
}

const secrets = () => ['Cuenta contable ajena'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
/** The books are the administrators': other roles 403; an administrator gets 404 for the other organization's rows. */
const hidden = (as: (typeof ROLES)[number]) => (as === 'admin' ? 404 : 403);
/** Routes of the caller's own organization: 200 (or `ok`) for an administrator with nothing of the other's. */
const ownOnly = (ok: number) => (as: (typeof ROLES)[number]) => (as === 'admin' ? ok : 403);

const each = (route: string, request: IsolationCase['request'], expect: (as: (typeof ROLES)[number]) => number | number[] = hidden): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: expect(as), mustNotContain: secrets }));

const statement = (suffix: string, query = '') =>
  each(`GET /api/properties/:id/statements/${suffix}`, async (world) => {
    await otherAccount(world);
    return { path: `/api/properties/${world.other.property.id}/statements/${suffix}${query}` };
  });

export const cases: IsolationCase[] = [
  // The transparency switch is the caller's own organization's: the other's is never read or set.
  ...each('GET /api/finances/transparency', () => ({ path: '/api/finances/transparency' }), ownOnly(200)),
  ...each('PUT /api/finances/transparency', () => ({ path: '/api/finances/transparency', body: { enabled: true } }), ownOnly(200)),
  ...each('GET /api/accounts', async (world) => {
    await otherAccount(world);
    return { path: '/api/accounts' };
  }, ownOnly(200)),
  // Filtering by an organization the caller does not manage finds nothing (200 [], as tests/api/finances-books.test.ts expects).
  ...each('GET /api/accounts', async (world) => {
    await otherAccount(world);
    return { path: `/api/accounts?organizationId=${world.other.organization.id}` };
  }, ownOnly(200)),
  ...each('POST /api/accounts', (world) => ({ path: '/api/accounts', body: { code: '6998', name: 'Cuenta intrusa', kind: 'expense', organizationId: world.other.organization.id } })),
  ...each('POST /api/accounts', () => ({ path: '/api/accounts', body: { code: '6998', name: 'Cuenta propia', kind: 'expense' } }), ownOnly(201)),
  ...each('PATCH /api/accounts/:id', async (world) => ({ path: `/api/accounts/${await otherAccount(world)}`, body: { name: 'Intruso' } })),
  ...each('GET /api/journal', async (world) => {
    await otherAccount(world);
    return { path: '/api/journal' };
  }, ownOnly(200)),
  ...each('GET /api/journal', async (world) => ({ path: `/api/journal?accountId=${await otherAccount(world)}` })),
  ...each('GET /api/journal', (world) => ({ path: `/api/journal?propertyId=${world.other.property.id}` })),
  ...statement('trial-balance'),
  ...statement('balance-sheet', '?to=2026-10-31'),
  ...statement('balance-sheet.pdf'),
  ...statement('income', '?from=2026-01-01&to=2026-10-31'),
  ...statement('income.pdf'),
];
