import { db } from '../../../server/db';
import { day } from '../../support/billing';
import { createCharge } from '../../support/factories';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

const plan = { monthlyFee: 450_000, split: 'equal', issueDay: 5, dueDays: 10, reservePercent: 5, lateFee: { kind: 'flat', value: 50_000, graceDays: 5 } };

/** A pending late fee of the tenant's unit (what a waiver needs). */
async function lateFee(tenant: Tenant) {
  const overdue = await createCharge({ unitId: tenant.unit.id, dueDate: day(-40) });
  const [fee] = await db()('charges')
    .insert({
      organizationId: tenant.organization.id,
      propertyId: tenant.property.id,
      unitId: tenant.unit.id,
      amount: 5_000,
      type: 'late_fee',
      dueDate: day(-1),
      description: 'Mora',
      invoiceNumber: `FAC-MORA-${overdue.id}`,
      sourceChargeId: overdue.id,
      period: `${day(0).slice(0, 7)}-01`,
    })
    .returning('id');
  return fee.id as number;
}

/** Billing, part 2: plans, their preview, splits, waivers and the delinquency report. */
export const cases: InputCase[] = [
  { route: 'PUT /api/properties/:id/billing-plan', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/billing-plan`, body: plan }) },
  { route: 'POST /api/properties/:id/billing-plan/preview', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/billing-plan/preview`, body: plan }) },
  {
    route: 'POST /api/properties/:id/charges/split',
    request: (tenant) => ({
      path: `/api/properties/${tenant.property.id}/charges/split`,
      body: { total: 10_000_000, split: 'equal', type: 'extraordinary', dueDate: day(30), description: 'Impermeabilización del techo' },
    }),
  },
  {
    route: 'POST /api/properties/:id/units/import',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/units/import`, body: { rows: [{ unitNumber: '9Z', floor: '9', squareMeters: '120.5', share: '4.1666' }] } }),
  },
  { route: 'POST /api/charges/:id/waive', request: async (tenant) => ({ path: `/api/charges/${await lateFee(tenant)}/waive`, body: { reason: 'Primer atraso del año' } }) },
  { route: 'GET /api/billing/delinquency', request: (tenant) => ({ path: `/api/billing/delinquency?propertyId=${tenant.property.id}&q=101&bucket=0-30` }) },
];
