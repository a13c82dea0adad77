import { db } from '../../../server/db';
import { PNG_PROOF, day } from '../../support/billing';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** A confirmed payment of the tenant's unit (what a refund needs). */
async function confirmedPayment(tenant: Tenant) {
  const [payment] = await db()('payments')
    .insert({
      organizationId: tenant.organization.id,
      propertyId: tenant.property.id,
      unitId: tenant.unit.id,
      userId: tenant.resident.id,
      recordedById: tenant.admin.id,
      amount: 1_000,
      method: 'cash',
      receivedAt: day(0),
      status: 'confirmed',
      receiptNumber: `REC-ENTRADA-${tenant.unit.id}-${Math.random().toString(36).slice(2, 8)}`,
    })
    .returning('id');
  return payment.id as number;
}

/** Billing: charges, payments recorded and reported, reviews and refunds. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/charges',
    request: (tenant) => ({
      path: '/api/charges',
      body: { unitId: tenant.unit.id, type: 'maintenance', amount: 450_000, dueDate: day(30), description: 'Cuota de mantenimiento' },
    }),
  },
  {
    route: 'POST /api/payments',
    request: (tenant) => ({
      path: '/api/payments',
      body: { unitId: tenant.unit.id, amount: 100_000, method: 'bank_transfer', reference: 'BPD-000123', receivedAt: day(0) },
    }),
  },
  {
    route: 'POST /api/payments/report',
    as: 'resident',
    request: (tenant) => ({
      path: '/api/payments/report',
      body: {
        unitId: tenant.unit.id,
        amount: 100_000,
        receivedAt: day(0),
        reference: 'BPD-000456',
        proof: { fileName: 'transferencia.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') },
      },
    }),
  },
  {
    route: 'PATCH /api/payments/:id',
    request: async (tenant) => ({ path: `/api/payments/${await confirmedPayment(tenant)}`, body: { status: 'refunded', reason: 'Pago duplicado' } }),
  },
  { route: 'GET /api/charges', request: (tenant) => ({ path: `/api/charges?propertyId=${tenant.property.id}&status=overdue&type=maintenance&from=${day(-30)}&to=${day(30)}&q=FAC&limit=10` }) },
  { route: 'GET /api/charges/export', request: (tenant) => ({ path: `/api/charges/export?propertyId=${tenant.property.id}&from=${day(-30)}&to=${day(30)}&q=FAC` }) },
  { route: 'GET /api/payments', request: (tenant) => ({ path: `/api/payments?propertyId=${tenant.property.id}&status=confirmed&from=${day(-30)}&to=${day(0)}&q=REC&limit=10` }) },
  { route: 'GET /api/payments/export', request: (tenant) => ({ path: `/api/payments/export?propertyId=${tenant.property.id}&from=${day(-30)}&to=${day(0)}&q=REC` }) },
  { route: 'GET /api/units/:id/statement', request: (tenant) => ({ path: `/api/units/${tenant.unit.id}/statement?from=${day(-30)}&to=${day(0)}` }) },
  { route: 'GET /api/units/:id/statement.pdf', request: (tenant) => ({ path: `/api/units/${tenant.unit.id}/statement.pdf?from=${day(-30)}&to=${day(0)}` }) },
  { route: 'GET /api/units/:id/statement.csv', request: (tenant) => ({ path: `/api/units/${tenant.unit.id}/statement.csv?from=${day(-30)}&to=${day(0)}` }) },
];
