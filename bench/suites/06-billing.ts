import type { Knex } from 'knex';
import { hashPassword } from '../../server/services/passwords';
import { hotPathTargets, listTargets, load, targetsTable, type BenchContext, type BenchSuite } from '../lib';
import { seedMonthlyLedger } from '../seed-billing';
import { LARGE_ORGANIZATION, seedLargeOrganization } from '../seed-properties';

const MONTHS = 12;
const STATEMENT_YEARS = 5;

/**
 * Billing (issue 13): an organization of 40,000 units (2,000 properties) with a year of monthly
 * cuotas each (480,000 charges), nine in ten paid by their own payment; unit ids ending in 3
 * owe the last three months, those ending in 07 the whole year, and half the units this month.
 * As its Administrador: the summary cards over the whole organization and over one property,
 * the overdue charges' first page, and the statement of a unit with five years of monthly
 * charges and payments (JSON and PDF). Target: p99 < 100 ms at 10 connections for the summary
 * and the statement. Then the delinquency report (morosidad) over the ~24,400 units that owe:
 * its screen's pages with the totals (p99 < 50 ms at 10 connections), its CSV and PDF for
 * reference.
 */
const suite: BenchSuite = {
  name: 'billing',
  description: 'Resumen de facturación sobre 40.000 unidades y estado de cuenta de una unidad con 5 años de cuotas mensuales',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const { organizationId, userId, cookie } = admin;
    const started = Date.now();
    await seedLargeOrganization(ctx.db, organizationId, await hashPassword('bench-resident'));
    const ledger = await seedMonthlyLedger(ctx.db, organizationId, userId, MONTHS);
    const statementUnit = await seedStatementUnit(ctx.db, organizationId, userId);
    await ctx.db.raw('vacuum analyze charges, payments, payment_allocations, payment_totals');
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    const headers = { cookie };
    const measure = async (ruta: string, path: string, connections: number) => {
      const url = `${ctx.baseUrl}${path}`;
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${path}: ${check.status} ${await check.text()}`);
      await load({ url, headers, connections, duration: 2 }); // warm-up
      return { ruta, conexiones: connections, ...(await load({ url, headers, connections })) };
    };
    const [property] = await ctx.db('properties').where({ organizationId }).orderBy('id').limit(1).pluck('id');
    const rows = [];
    for (const connections of [1, 10]) {
      rows.push(await measure('GET /api/billing/summary (40.000 unidades)', '/api/billing/summary', connections));
      rows.push(await measure('GET /api/billing/summary?propertyId', `/api/billing/summary?propertyId=${property}`, connections));
      rows.push(await measure(`GET /api/units/:id/statement (${STATEMENT_YEARS} años)`, `/api/units/${statementUnit}/statement`, connections));
      rows.push(await measure(`GET /api/units/:id/statement.pdf (${STATEMENT_YEARS} años)`, `/api/units/${statementUnit}/statement.pdf`, connections));
    }
    const lists = await listTargets(ctx, admin, [
      { ruta: 'GET /api/charges?status=overdue&limit=25', path: '/api/charges?status=overdue&limit=25' },
      { ruta: 'GET /api/payments?limit=25', path: '/api/payments?limit=25' },
    ]);
    // The Morosidad tab asks for pages of 10 with the totals; the last page and the filters too.
    // The first report fills the units' kept debts; autovacuum analyzes them within a minute of it, the bench at once.
    const owing = Number((await fetch(`${ctx.baseUrl}/api/billing/delinquency?limit=1`, { headers })).headers.get('x-total-count'));
    await ctx.db.raw('analyze unit_debts');
    const delinquency = await hotPathTargets(
      ctx,
      admin,
      [
        { ruta: 'GET /api/billing/delinquency?limit=10 (totales y primera página)', path: '/api/billing/delinquency?limit=10' },
        { ruta: 'GET /api/billing/delinquency?limit=10&offset= (última página)', path: `/api/billing/delinquency?limit=10&offset=${owing - 10}` },
        { ruta: 'GET /api/billing/delinquency?bucket=90+', path: `/api/billing/delinquency?limit=10&bucket=${encodeURIComponent('90+')}` },
        { ruta: 'GET /api/billing/delinquency?q=10 (número de unidad)', path: '/api/billing/delinquency?limit=10&q=10' },
        { ruta: 'GET /api/billing/delinquency?propertyId', path: `/api/billing/delinquency?limit=10&propertyId=${property}` },
      ],
      `Morosidad (${owing.toLocaleString('es')} unidades con deuda vencida)`,
    );
    const summaryTargets = rows
      .filter((row) => row.conexiones === 10 && !row.ruta.includes('.pdf'))
      .map((row) => ({
        objetivo: `${row.ruta}: p99 < 100 ms con 10 conexiones`,
        valor: `${row['req/s']} req/s, p99 ${row['p99 ms']} ms, ${row.errors} errores`,
        referencia: 'objetivo 100 ms',
        proporción: Math.round((row['p99 ms'] / 100) * 100) / 100,
        cumple: row['p99 ms'] < 100 && !row.errors,
      }));
    return [
      targetsTable(summaryTargets),
      { title: `Datos sembrados en ${seedSeconds} s`, rows: [{ ...ledger, unidades: LARGE_ORGANIZATION.properties * LARGE_ORGANIZATION.unitsPerProperty }] },
      { title: 'Facturación como Administrador (objetivo: p99 < 100 ms con 10 conexiones para el resumen y el estado de cuenta)', rows },
      ...lists,
      ...delinquency,
      { title: 'Morosidad completa en archivo, una petición a la vez (referencia, sin objetivo)', rows: await delinquencyFiles(ctx, cookie) },
    ];
  },
};
export default suite;

/** The whole report as CSV and as PDF: the median of three requests, one at a time. */
async function delinquencyFiles(ctx: BenchContext, cookie: string) {
  const rows = [];
  for (const kind of ['csv', 'pdf']) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await fetch(`${ctx.baseUrl}/api/billing/delinquency.${kind}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`delinquency.${kind}: ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    rows.push({ ruta: `GET /api/billing/delinquency.${kind}`, 'ms (mediana)': Math.round(times.sort((a, b) => a - b)[1]), KB: Math.round(bytes / 1024) });
  }
  return rows;
}

/** A unit (in a property of its own) with five years of monthly cuotas, each paid but the last two. */
async function seedStatementUnit(db: Knex, organizationId: number, adminId: number) {
  const [property] = await db('properties').insert({ name: 'Torre Estado de Cuenta', address: 'Calle 1', organizationId }).returning('id');
  const [unit] = await db('units').insert({ propertyId: property.id, unitNumber: '5A' }).returning('id');
  await db.transaction(async (trx) => {
    await trx.raw(
      `insert into charges (organization_id, property_id, unit_id, amount, type, due_date, description, invoice_number, created_by_id, created_at)
       select :org, :property, :unit, 450000, 'maintenance', (date_trunc('month', current_date) - make_interval(months => m))::date + 9,
              'Cuota de mantenimiento', 'FAC-S-' || m, :admin, (date_trunc('month', current_date) - make_interval(months => m))
       from generate_series(0, :months - 1) m order by m desc`,
      { org: organizationId, property: property.id, unit: unit.id, admin: adminId, months: STATEMENT_YEARS * 12 },
    );
    // Through the ledger's triggers: each payment is allocated to the oldest charge still pending.
    const charges = await trx('charges').where({ unitId: unit.id }).orderBy('dueDate').select('id', 'dueDate');
    for (const [i, charge] of charges.slice(0, -2).entries()) {
      const [payment] = await trx('payments')
        .insert({
          organizationId,
          propertyId: property.id,
          unitId: unit.id,
          amount: 450000,
          method: 'bank_transfer',
          receivedAt: charge.dueDate,
          receiptNumber: `REC-S-${i}`,
          status: 'confirmed',
          recordedById: adminId,
        })
        .returning('id');
      await trx('paymentAllocations').insert({ paymentId: payment.id, chargeId: charge.id, amount: 450000 });
    }
  });
  return unit.id as number;
}
