import { db } from '../../../server/db';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

const CSV = Buffer.from('Fecha;Detalle;Ref;Monto;Balance\n01/10/2026;Transferencia recibida;123;1.500,00;1.500,00\n').toString('base64');
const MAPPING = { date: 'Fecha', description: 'Detalle', reference: 'Ref', amount: 'Monto', balance: 'Balance', dateFormat: 'dd/mm/yyyy', decimal: 'comma' };

/** A bank account of the tenant's property, with one imported line. */
async function accountOf(tenant: Tenant) {
  const [account] = await db()('bankAccounts')
    .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, bank: 'popular', last4: '1234', openingDate: '2026-09-30', receivesPayments: true })
    .returning('id');
  const [statement] = await db()('bankStatements').insert({ organizationId: tenant.organization.id, bankAccountId: account.id, fileName: 'a.csv', format: 'csv', imported: 1, duplicates: 0 }).returning('id');
  const [line] = await db()('bankLines')
    .insert({ organizationId: tenant.organization.id, bankAccountId: account.id, statementId: statement.id, date: '2026-10-02', description: 'Intereses', amount: 1_000 })
    .returning('id');
  return { account: account.id as number, line: line.id as number };
}

const operatingOf = async (tenant: Tenant) => (await db()('funds').where({ propertyId: tenant.property.id, kind: 'operating' }).first('id')).id as number;

/** Finances: bank accounts, statements, matching and reconciliation. */
export const cases: InputCase[] = [
  { route: 'GET /api/properties/:id/bank-accounts', noText: 'no body and no query' },
  {
    route: 'POST /api/properties/:id/bank-accounts',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/bank-accounts`, body: { bank: 'banreservas', name: 'Cuenta corriente', last4: '4321', openingBalance: 100, openingDate: '2026-09-30' } }),
  },
  { route: 'PATCH /api/bank-accounts/:id', request: async (tenant) => ({ path: `/api/bank-accounts/${(await accountOf(tenant)).account}`, body: { name: 'Cuenta de ahorros', last4: '9876' } }) },
  {
    route: 'POST /api/bank-accounts/:id/statements',
    request: async (tenant) => ({ path: `/api/bank-accounts/${(await accountOf(tenant)).account}/statements`, body: { fileName: 'octubre.csv', fileType: 'text/csv', content: CSV, mapping: MAPPING } }),
  },
  { route: 'GET /api/bank-accounts/:id/lines', request: async (tenant) => ({ path: `/api/bank-accounts/${(await accountOf(tenant)).account}/lines?month=2026-10&status=unmatched` }) },
  {
    route: 'POST /api/bank-lines/:id/match',
    request: async (tenant) => ({ path: `/api/bank-lines/${(await accountOf(tenant)).line}/match`, body: { create: { kind: 'income', fundId: await operatingOf(tenant), description: 'Intereses ganados' } } }),
  },
  { route: 'DELETE /api/bank-lines/:id/match', noText: 'no body and no query' },
  { route: 'GET /api/bank-accounts/:id/reconciliation', request: async (tenant) => ({ path: `/api/bank-accounts/${(await accountOf(tenant)).account}/reconciliation?month=2026-10` }) },
  { route: 'POST /api/bank-accounts/:id/reconciliation', request: async (tenant) => ({ path: `/api/bank-accounts/${(await accountOf(tenant)).account}/reconciliation`, body: { month: '2026-09' } }) },
];
