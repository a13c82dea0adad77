import { db } from '../../../server/db';
import { day } from '../../support/billing';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** The tenant's operating and reserve funds (made with its property). */
async function fundsOf(tenant: Tenant) {
  const [operating, reserve] = await db()('funds').where({ propertyId: tenant.property.id }).orderBy('id');
  return { operating: operating.id as number, reserve: reserve.id as number };
}

/** A pending expense of the tenant's property, from its operating fund. */
async function pendingExpense(tenant: Tenant) {
  const { operating } = await fundsOf(tenant);
  const [expense] = await db()('expenses')
    .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, fundId: operating, category: 'repairs', issueDate: day(-1), amount: 100_000, itbis: 18_000, description: 'Reparación de bomba' })
    .returning('id');
  return expense.id as number;
}

async function supplierOf(tenant: Tenant) {
  const [supplier] = await db()('suppliers').insert({ organizationId: tenant.organization.id, name: 'Ferretería Ochoa' }).returning('id');
  return supplier.id as number;
}

/** Finances: funds, transfers, suppliers, expenses and their payments and voids. */
export const cases: InputCase[] = [
  { route: 'GET /api/properties/:id/funds', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/funds?date=${day(0)}` }) },
  {
    route: 'POST /api/properties/:id/funds',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/funds`, body: { name: 'Fondo de pintura 2027', openingBalance: 100_000, openingDate: day(0) } }),
  },
  { route: 'PATCH /api/funds/:id', request: async (tenant) => ({ path: `/api/funds/${(await fundsOf(tenant)).operating}`, body: { name: 'Fondo operativo general', openingDate: day(-30) } }) },
  {
    route: 'POST /api/funds/transfers',
    request: async (tenant) => {
      const { operating, reserve } = await fundsOf(tenant);
      return { path: '/api/funds/transfers', body: { fromFundId: operating, toFundId: reserve, amount: 5_000, date: day(0), description: 'Aporte a la reserva' } };
    },
  },
  {
    route: 'POST /api/suppliers',
    request: () => ({
      path: '/api/suppliers',
      body: { name: 'Ascensores del Caribe', taxId: '131246796', phone: '809-555-1234', email: 'ventas@ascensores.do', category: 'elevators', bankAccount: 'BHD 1234', notes: 'Contrato anual' },
    }),
  },
  { route: 'PATCH /api/suppliers/:id', request: async (tenant) => ({ path: `/api/suppliers/${await supplierOf(tenant)}`, body: { name: 'Ferretería Ochoa SRL', notes: 'Crédito a 30 días' } }) },
  {
    route: 'GET /api/expenses',
    request: (tenant) => ({ path: `/api/expenses?propertyId=${tenant.property.id}&category=repairs&from=${day(-30)}&to=${day(0)}&q=bomba` }),
  },
  {
    route: 'POST /api/expenses',
    request: async (tenant) => ({
      path: '/api/expenses',
      body: {
        propertyId: tenant.property.id,
        fundId: (await fundsOf(tenant)).operating,
        category: 'electricity',
        invoiceNumber: 'F-100',
        ncf: 'B0100000001',
        issueDate: day(-2),
        dueDate: day(10),
        amount: 100_000,
        itbis: 18_000,
        description: 'Factura de luz',
      },
    }),
  },
  { route: 'PATCH /api/expenses/:id', request: async (tenant) => ({ path: `/api/expenses/${await pendingExpense(tenant)}`, body: { description: 'Reparación de la bomba de agua', issueDate: day(-3) } }) },
  {
    route: 'POST /api/expenses/:id/payments',
    request: async (tenant) => ({ path: `/api/expenses/${await pendingExpense(tenant)}/payments`, body: { amount: 50_000, paidAt: day(0), method: 'bank_transfer', reference: 'TRF-123' } }),
  },
  { route: 'POST /api/expenses/:id/void', request: async (tenant) => ({ path: `/api/expenses/${await pendingExpense(tenant)}/void`, body: { reason: 'Factura duplicada' } }) },
];
