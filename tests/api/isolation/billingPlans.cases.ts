import { db } from '../../../server/db';
import { day } from '../../support/billing';
import { createCharge } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** The other organization's billing plan (a telling fee), an overdue charge and a late fee on it. */
async function otherBilling(world: World) {
  const { other } = world;
  await db()('billingPlans')
    .insert({ propertyId: other.property.id, organizationId: other.organization.id, monthlyFee: 777_777, split: 'equal', issueDay: 5, dueDays: 10 })
    .onConflict('propertyId')
    .ignore();
  const overdue = await createCharge({ unitId: other.unit.id, amount: 654_321, dueDate: day(-45), description: `Cuota ajena ${other.property.name}` });
  const [fee] = await db()('charges')
    .insert({
      organizationId: other.organization.id,
      propertyId: other.property.id,
      unitId: other.unit.id,
      amount: 5_000,
      type: 'late_fee',
      dueDate: day(-1),
      description: 'Mora ajena',
      invoiceNumber: `FAC-AJENA-${overdue.id}`,
      sourceChargeId: overdue.id,
      period: `${day(0).slice(0, 7)}-01`,
    })
    .returning('id');
  return { lateFeeId: fee.id as number };
}

const secrets = () => ['777777', '654321', '6,543.21', 'Cuota ajena', 'Mora ajena'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
type Role = (typeof ROLES)[number];

const each = (route: string, request: IsolationCase['request'], expect: (as: Role) => number | number[]): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, expect: expect(as), mustNotContain: secrets }));

/** Administrators' routes on the other organization's property: 404 for them, 403 or 404 for the others. */
const adminOnly = (as: Role) => (as === 'admin' ? 404 : [403, 404]);
/** The delinquency report: the other organization's property is 404 to administrators; other roles have no report (403). */
const report = (as: Role) => (as === 'admin' ? 404 : 403);
const plan = { monthlyFee: 100_000, split: 'equal', issueDay: 5, dueDays: 10, reservePercent: 0, lateFee: { kind: 'none', value: 0, graceDays: 0 } };

export const cases: IsolationCase[] = [
  ...each('GET /api/properties/:id/billing-plan', async (world) => {
    await otherBilling(world);
    return { path: `/api/properties/${world.other.property.id}/billing-plan` };
  }, adminOnly),
  ...each('PUT /api/properties/:id/billing-plan', (world) => ({ path: `/api/properties/${world.other.property.id}/billing-plan`, body: plan }), adminOnly),
  ...each('POST /api/properties/:id/billing-plan/preview', async (world) => {
    await otherBilling(world);
    return { path: `/api/properties/${world.other.property.id}/billing-plan/preview`, body: plan };
  }, adminOnly),
  ...each('POST /api/properties/:id/charges/split', (world) => ({
    path: `/api/properties/${world.other.property.id}/charges/split`,
    body: { total: 100_000, split: 'equal', dueDate: day(10), description: 'Intruso' },
  }), adminOnly),
  ...each('POST /api/properties/:id/units/import', (world) => ({
    path: `/api/properties/${world.other.property.id}/units/import`,
    body: { rows: [{ unitNumber: 'INTRUSO-1', share: 10 }] },
  }), adminOnly),
  ...each('POST /api/charges/:id/waive', async (world) => ({
    path: `/api/charges/${(await otherBilling(world)).lateFeeId}/waive`,
    body: { reason: 'Intruso' },
  }), (as) => (as === 'supplier' ? 403 : 404)),
  ...each('GET /api/billing/delinquency', async (world) => {
    await otherBilling(world);
    return { path: `/api/billing/delinquency?propertyId=${world.other.property.id}` };
  }, report),
  // Without a filter the report answers 200 with nothing of the other organization.
  ...each('GET /api/billing/delinquency', async (world) => {
    await otherBilling(world);
    return { path: '/api/billing/delinquency' };
  }, (as) => (as === 'admin' ? 200 : 403)),
  ...each('GET /api/billing/delinquency.csv', async (world) => {
    await otherBilling(world);
    return { path: '/api/billing/delinquency.csv' };
  }, (as) => (as === 'admin' ? 200 : 403)),
  ...each('GET /api/billing/delinquency.pdf', async (world) => {
    await otherBilling(world);
    return { path: `/api/billing/delinquency.pdf?propertyId=${world.other.property.id}` };
  }, report),
  ...each('GET /api/units/:id/no-debt-certificate.pdf', async (world) => {
    await otherBilling(world);
    return { path: `/api/units/${world.other.unit.id}/no-debt-certificate.pdf` };
  }, (as) => (as === 'supplier' ? [403, 404] : 404)),
  {
    route: 'GET /api/certificates/:code',
    notApplicable:
      'Public verification of a no-debt certificate: its code (16 random characters) is the credential, handed with the certificate; ' +
      'it answers only the unit, the dates and the validity (tests/api/billing-plans.test.ts). Without the code nothing is found.',
    request: async (world) => {
      await otherBilling(world);
      await db()('noDebtCertificates')
        .insert({ code: 'ZZZZ-YYYY-XXXX-WWWW', organizationId: world.other.organization.id, unitId: world.other.unit.id, validUntil: day(30) })
        .onConflict('code')
        .ignore();
      return { path: '/api/certificates/ZZZZ-YYYY-XXXX-WWWA' };
    },
    expect: 404,
    mustNotContain: secrets,
  },
];
