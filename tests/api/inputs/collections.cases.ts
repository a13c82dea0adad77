import { db } from '../../../server/db';
import { addDays, todayThere } from '../../../shared/time';
import { createCharge, createUnit } from '../../support/factories';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** A unit of the tenant's property owing 1,500.00 past due, and its agreement. */
async function owingUnit(tenant: Tenant) {
  const unit = await createUnit({ propertyId: tenant.property.id, unitNumber: `AC-${Math.random().toString(36).slice(2, 7)}` });
  await createCharge({ unitId: unit.id, dueDate: addDays(todayThere(), -10), amount: 150_000 });
  return unit;
}

async function activeAgreement(tenant: Tenant) {
  const unit = await owingUnit(tenant);
  const [agreement] = await db()('paymentAgreements')
    .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, unitId: unit.id, total: 150_000, createdById: tenant.admin.id })
    .returning('id');
  return agreement.id as number;
}

const ACCOUNT = { bank: 'banreservas', accountType: 'savings', number: '960-123456-7', holder: 'Condominio Las Palmas', rnc: '101-12345-6' };
const newAccount = async (tenant: Tenant) =>
  ((await db()('transferAccounts').insert({ ...ACCOUNT, organizationId: tenant.organization.id }).returning('id'))[0] as { id: number }).id;

/** Collecting money: the reminder schedule and "Enviar recordatorio" carry numbers only; agreements and transfer accounts carry texts. */
export const cases: InputCase[] = [
  { route: 'PUT /api/billing/reminder-schedule', noText: 'The schedule: a list of day numbers only.' },
  { route: 'POST /api/billing/reminders', noText: 'The units to remind: a list of unit ids only.' },
  {
    route: 'POST /api/units/:id/agreements',
    request: async (tenant) => {
      const unit = await owingUnit(tenant);
      const today = todayThere();
      return {
        path: `/api/units/${unit.id}/agreements`,
        body: { instalments: [{ dueDate: today, amount: 50_000 }, { dueDate: addDays(today, 30), amount: 100_000 }], note: 'Acordado con el propietario' },
      };
    },
  },
  { route: 'POST /api/agreements/:id/cancel', request: async (tenant) => ({ path: `/api/agreements/${await activeAgreement(tenant)}/cancel`, body: { reason: 'Vendió la unidad' } }) },
  { route: 'POST /api/transfer-accounts', request: () => ({ path: '/api/transfer-accounts', body: ACCOUNT }) },
  { route: 'PUT /api/transfer-accounts/:id', request: async (tenant) => ({ path: `/api/transfer-accounts/${await newAccount(tenant)}`, body: { ...ACCOUNT, holder: 'Consorcio Las Palmas' } }) },
  { route: 'DELETE /api/transfer-accounts/:id', noText: 'Deleting an account reads no text.' },
];
