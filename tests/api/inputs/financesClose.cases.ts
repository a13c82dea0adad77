import { db } from '../../../server/db';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

const operatingOf = async (tenant: Tenant) => (await db()('funds').where({ propertyId: tenant.property.id, kind: 'operating' }).first('id')).id as number;

/** A recurring expense template of the tenant's property. */
async function recurringOf(tenant: Tenant) {
  const [recurring] = await db()('recurringExpenses')
    .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, fundId: await operatingOf(tenant), category: 'cleaning', amount: 1_000, description: 'Limpieza', dayOfMonth: 5, firstMonth: '2026-10', createdById: tenant.admin.id })
    .returning('id');
  return recurring.id as number;
}

/** Finances: period close and reopen, budget and recurring expenses. */
export const cases: InputCase[] = [
  { route: 'POST /api/properties/:id/periods/:month/close', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/periods/2026-10/close`, body: { reason: 'Cierre de octubre' } }) },
  {
    route: 'POST /api/properties/:id/periods/:month/reopen',
    request: async (tenant) => {
      await db()('financePeriods').insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, month: '2026-10', status: 'closed', closedAt: new Date(), closedById: tenant.admin.id });
      return { path: `/api/properties/${tenant.property.id}/periods/2026-10/reopen`, body: { reason: 'Factura olvidada' } };
    },
  },
  {
    route: 'PUT /api/properties/:id/budget',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/budget`, body: { year: 2026, lines: [{ category: 'repairs', months: Array(12).fill(10_000) }] } }),
  },
  {
    route: 'POST /api/properties/:id/recurring-expenses',
    request: async (tenant) => ({
      path: `/api/properties/${tenant.property.id}/recurring-expenses`,
      body: { fundId: await operatingOf(tenant), category: 'cleaning', amount: 5_000, description: 'Limpieza mensual', dayOfMonth: 10 },
    }),
  },
  { route: 'PATCH /api/recurring-expenses/:id', request: async (tenant) => ({ path: `/api/recurring-expenses/${await recurringOf(tenant)}`, body: { description: 'Limpieza y jardinería', category: 'cleaning' } }) },
  { route: 'DELETE /api/recurring-expenses/:id', noText: 'no body and no query' },
];
