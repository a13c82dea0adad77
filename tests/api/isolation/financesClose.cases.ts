import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';

/** The other organization's closed month with its published report, a budget line and a recurring expense, with telling texts. */
async function otherClose(world: World) {
  const { other } = world;
  const [operating] = await db()('funds').where({ propertyId: other.property.id }).orderBy('id');
  await db()('financePeriods').insert({ organizationId: other.organization.id, propertyId: other.property.id, month: '2026-10', status: 'closed', closedAt: new Date(), closedById: other.admin.id });
  await db()('budgetLines').insert({ organizationId: other.organization.id, propertyId: other.property.id, year: 2026, category: 'Partida ajena', months: Array(12).fill(1_000) });
  const [recurring] = await db()('recurringExpenses')
    .insert({
      organizationId: other.organization.id,
      propertyId: other.property.id,
      fundId: operating.id,
      category: 'Partida ajena',
      amount: 1_000,
      description: `Gasto recurrente ajeno ${other.property.name}`,
      dayOfMonth: 5,
      firstMonth: '2026-10',
      createdById: other.admin.id,
    })
    .returning('id');
  return { recurringId: recurring.id as number, operatingId: operating.id as number };
}

const secrets = () => ['Partida ajena', 'Gasto recurrente ajeno'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
/** Finances are the administrators': other roles 403; an administrator gets 404 for the other organization's rows. */
const hidden = (as: (typeof ROLES)[number]) => (as === 'admin' ? 404 : 403);
/** The published reports are also the property's owners' and residents': for another property they get 404, suppliers 403. */
const readers = (as: (typeof ROLES)[number]) => (as === 'supplier' ? 403 : 404);

const each = (route: string, request: IsolationCase['request'], expect: (as: (typeof ROLES)[number]) => number | number[] = hidden): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: expect(as), mustNotContain: secrets }));

const ofOther = (suffix: string) => async (world: World) => {
  await otherClose(world);
  return { path: `/api/properties/${world.other.property.id}/${suffix}` };
};

export const cases: IsolationCase[] = [
  ...each('GET /api/properties/:id/periods', ofOther('periods?year=2026')),
  ...each('POST /api/properties/:id/periods/:month/close', async (world) => ({ ...(await ofOther('periods/2026-09/close')(world)), body: { reason: 'Intruso' } })),
  ...each('POST /api/properties/:id/periods/:month/reopen', async (world) => ({ ...(await ofOther('periods/2026-10/reopen')(world)), body: { reason: 'Intruso' } })),
  ...each('GET /api/properties/:id/budget', ofOther('budget?year=2026')),
  ...each('PUT /api/properties/:id/budget', async (world) => ({
    ...(await ofOther('budget')(world)),
    body: { year: 2026, lines: [{ category: 'Partida intrusa', months: Array(12).fill(100) }] },
  })),
  ...each('GET /api/properties/:id/recurring-expenses', ofOther('recurring-expenses')),
  ...each('POST /api/properties/:id/recurring-expenses', async (world) => {
    const { operatingId } = await otherClose(world);
    return {
      path: `/api/properties/${world.other.property.id}/recurring-expenses`,
      body: { fundId: operatingId, category: 'repairs', amount: 100, description: 'Intruso', dayOfMonth: 5 },
    };
  }),
  // The caller's own property with the other organization's fund: 404.
  {
    route: 'POST /api/properties/:id/recurring-expenses',
    request: async (world) => {
      const { operatingId } = await otherClose(world);
      return {
        path: `/api/properties/${world.own.property.id}/recurring-expenses`,
        body: { fundId: operatingId, category: 'repairs', amount: 100, description: 'Intruso', dayOfMonth: 5 },
      };
    },
    mustNotContain: secrets,
  },
  ...each('PATCH /api/recurring-expenses/:id', async (world) => ({ path: `/api/recurring-expenses/${(await otherClose(world)).recurringId}`, body: { description: 'Intruso' } })),
  ...each('DELETE /api/recurring-expenses/:id', async (world) => ({ path: `/api/recurring-expenses/${(await otherClose(world)).recurringId}` })),
  ...each('GET /api/properties/:id/reports/monthly', ofOther('reports/monthly?month=2026-10'), readers),
  ...each('GET /api/properties/:id/reports/monthly.pdf', ofOther('reports/monthly.pdf?month=2026-10'), readers),
  ...each('GET /api/properties/:id/reports', ofOther('reports'), readers),
  ...each('GET /api/finances/summary', async (world) => {
    await otherClose(world);
    return { path: `/api/finances/summary?propertyId=${world.other.property.id}` };
  }),
];
