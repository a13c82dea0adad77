import type { Knex } from 'knex';
import { EXPENSE_CATEGORIES } from '../../shared/finances';
import { backfillBooks } from '../../server/books/backfill';
import { hashPassword } from '../../server/services/passwords';
import { hotPathTargets, type BenchContext, type BenchSuite } from '../lib';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';

/** One tower of 200 units with a year of cuotas, payments, expenses and transfers. */
const SIZES: PropertySeedSizes = { properties: 1, unitsPerProperty: 200, residents: 300 };
const MONTHS = 12;
const EXPENSES_PER_MONTH = 8;
const CUOTA = 450000;
const STATEMENT_LINES = 2000;

/**
 * Finances (issue 28): a tower of 200 units with a year of monthly cuotas (nine in ten paid by
 * bank transfer on a day of their own), eight paid expenses and a transfer to the reserve fund
 * every month, and the books posted for all of it (`backfillBooks`, as for rows from before the
 * books). As its Administrador: last month's owners' report, the finances summary and the
 * trial balance; then a 2,000-line bank statement of last month imported once (timed) and the
 * month's lines with their reconciliation suggestions, as the reconciliation screen asks for
 * them (pages of 50, each decided with the whole month's lines; and the whole month at once for reference). Target: p99 < 50 ms at 10 connections, beside GET /api/user (the
 * session check alone) and GET /api/properties/{id}/funds in the same run.
 */
const suite: BenchSuite = {
  name: 'finances',
  description: 'Informe mensual de una torre de 200 unidades con un año de movimientos y sugerencias de conciliación de un extracto de 2.000 líneas',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const { organizationId, userId, cookie } = admin;
    const started = Date.now();
    await seedLargeOrganization(ctx.db, organizationId, await hashPassword('bench-resident'), SIZES);
    const [propertyId] = (await ctx.db('properties').where({ organizationId }).orderBy('id').limit(1).pluck('id')) as number[];
    // The funds were opened before the year of movements (no entry yet: their opening balance is 0).
    await ctx.db('funds').where({ propertyId }).update({ openingDate: ctx.db.raw(`current_date - interval '13 months'`) });
    const funds = await ctx.db('funds').where({ propertyId }).select('id', 'kind');
    const operating = funds.find((fund) => fund.kind === 'operating')!.id as number;
    const reserve = funds.find((fund) => fund.kind === 'reserve')!.id as number;

    const api = apiClient(ctx, cookie);
    const yearAgo = await day(ctx.db, `current_date - interval '13 months'`);
    const account = await api('POST', `/api/properties/${propertyId}/bank-accounts`, {
      bank: 'popular',
      name: 'Cuenta de la torre',
      last4: '4821',
      openingDate: yearAgo,
      fundIds: [operating],
      receivesPayments: true,
    });
    const ledger = await seedLedger(ctx.db, organizationId, propertyId, operating, userId);
    const moved = await seedExpensesAndTransfers(ctx, api, propertyId, operating, reserve, account.id);
    const booksStarted = Date.now();
    await ctx.db.transaction((trx) => backfillBooks(trx, organizationId));
    const booksSeconds = Math.round((Date.now() - booksStarted) / 100) / 10;
    await ctx.db.raw('vacuum analyze charges, payments, payment_allocations, expenses, expense_payments, fund_transfers, journal_entries, journal_lines');
    const entries = Number((await ctx.db('journalEntries').where({ organizationId }).count({ n: '*' }))[0].n);
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    const lastMonth = (await day(ctx.db, `date_trunc('month', current_date) - interval '1 month'`)).slice(0, 7);
    const reportChecks = [
      { ruta: `GET /api/properties/:id/reports/monthly?month (${lastMonth})`, path: `/api/properties/${propertyId}/reports/monthly?month=${lastMonth}` },
      { ruta: 'GET /api/finances/summary?propertyId', path: `/api/finances/summary?propertyId=${propertyId}` },
      { ruta: 'GET /api/properties/:id/statements/trial-balance', path: `/api/properties/${propertyId}/statements/trial-balance` },
    ];
    const baseline = { ruta: 'GET /api/properties/:id/funds (referencia: la lectura más simple de finanzas)', path: `/api/properties/${propertyId}/funds` };
    for (const { path } of [baseline, ...reportChecks]) await api('GET', path);
    const reports = await hotPathTargets(ctx, admin, [baseline, ...reportChecks], 'Finanzas de una torre de 200 unidades con un año de movimientos, como Administrador');

    // The statement: last month's transfers a day later, its expense payments, and the rest of
    // the 2,000 lines deposits and fees of amounts of their own.
    const csv = await statementCsv(ctx.db, account.id, propertyId, lastMonth);
    const importStarted = performance.now();
    const imported = await api<{ imported: number; duplicates: number }>('POST', `/api/bank-accounts/${account.id}/statements`, {
      fileName: `popular-${lastMonth}.csv`,
      content: Buffer.from(csv, 'utf8').toString('base64'),
      mapping: { date: 'Fecha', description: 'Descripcion', reference: 'Referencia', amount: 'Monto', dateFormat: 'dd/mm/yyyy', decimal: 'dot' },
    });
    const importMs = Math.round(performance.now() - importStarted);
    await ctx.db.raw('vacuum analyze bank_lines');
    const linesPath = `/api/bank-accounts/${account.id}/lines?month=${lastMonth}`;
    const lines = await api<Array<{ suggestion: unknown; matched: unknown }>>('GET', linesPath);
    const suggested = lines.filter((line) => line.suggestion).length;
    // The screen asks for pages of 50 (client/src/features/finances/bank/api.ts); the suggestions of a page are decided with the whole month's lines.
    const pagePath = `${linesPath}&limit=50&offset=0`;
    const lastPagePath = `${linesPath}&limit=50&offset=${Math.max(0, lines.length - 50)}`;
    for (const path of [pagePath, lastPagePath]) await api('GET', path);
    const reconciliation = await hotPathTargets(
      ctx,
      admin,
      [
        baseline,
        { ruta: `GET /api/bank-accounts/:id/lines?month&limit=50 (primera página de ${lines.length} líneas, con sugerencias)`, path: pagePath },
        { ruta: `GET /api/bank-accounts/:id/lines?month&limit=50&offset (última página)`, path: lastPagePath },
        { ruta: `GET /api/bank-accounts/:id/lines?month (las ${lines.length} líneas con sus sugerencias, sin paginar)`, path: linesPath },
      ],
      'Conciliación bancaria de un extracto de 2.000 líneas, como Administrador',
    );

    return [
      { title: `Datos sembrados en ${seedSeconds} s (asientos del libro posteados en ${booksSeconds} s)`, rows: [{ unidades: SIZES.unitsPerProperty, ...ledger, ...moved, asientos: entries }] },
      ...reports,
      {
        title: 'Importación del extracto (una vez)',
        rows: [{ ruta: 'POST /api/bank-accounts/:id/statements', líneas: STATEMENT_LINES, importadas: imported.imported, duplicadas: imported.duplicates, KB: Math.round(csv.length / 1024), ms: importMs, 'con sugerencia': suggested }],
      },
      ...reconciliation,
    ];
  },
};
export default suite;

type Api = <T = { id: number }>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/** Requests as the Administrador; a POST carries an Idempotency-Key of its own. */
function apiClient(ctx: BenchContext, cookie: string): Api {
  let key = 0;
  return async <T,>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const headers: Record<string, string> = { cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = `bench-${process.pid}-${Date.now().toString(36)}-${++key}`;
    const response = await fetch(`${ctx.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** A day computed by PostgreSQL (so the organization's "today" and the seed agree), as YYYY-MM-DD. */
async function day(db: Knex, expression: string) {
  const { rows } = await db.raw(`select to_char((${expression})::date, 'YYYY-MM-DD') as day`);
  return rows[0].day as string;
}

/**
 * A year of monthly cuotas for every unit and, for each one paid, a payment by transfer on a day
 * of the unit's own (day 1 to 28) with its allocation, written set-based with the ledger's
 * triggers off (the sums they keep are written here directly, as the billing suite does); the
 * books are posted afterwards by `backfillBooks`. Unit ids ending in 3 owe the last three months,
 * those ending in 07 the whole year, and half the units this month.
 */
async function seedLedger(db: Knex, organizationId: number, propertyId: number, fundId: number, adminId: number) {
  await db.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx.raw(
      `insert into charges (organization_id, property_id, unit_id, fund_id, amount, paid_amount, type, status, due_date, paid_at,
                            description, invoice_number, created_by_id, created_at, updated_at)
       select :org, u.property_id, u.id, :fund, :cuota, case when paid then :cuota else 0 end, 'maintenance',
              case when paid then 'completed' else 'pending' end, start + 9, case when paid then payday end,
              'Cuota de mantenimiento', 'FAC-F-' || u.id || '-' || m, :admin, start, start
       from units u
       cross join generate_series(0, :months - 1) m
       cross join lateral (select (date_trunc('month', current_date) - make_interval(months => m))::date as start) s
       cross join lateral (select s.start + (u.id * 7 % 28) as payday) d
       cross join lateral (select not ((m = 0 and (u.id % 2 = 0 or d.payday > current_date)) or (u.id % 10 = 3 and m < 3) or u.id % 100 = 7) as paid) x
       where u.property_id = :property`,
      { org: organizationId, property: propertyId, fund: fundId, admin: adminId, months: MONTHS, cuota: CUOTA },
    );
    await trx.raw(
      `insert into payments (organization_id, property_id, unit_id, amount, allocated_amount, method, reference, received_at,
                             receipt_number, status, recorded_by_id, created_at, updated_at)
       select organization_id, property_id, unit_id, amount, amount, 'bank_transfer', 'TRF' || lpad((id * 7919 % 1000000)::text, 6, '0'),
              paid_at, 'REC-F-' || id, 'confirmed', :admin, paid_at, paid_at
       from charges where property_id = :property and status = 'completed'`,
      { property: propertyId, admin: adminId },
    );
    await trx.raw(
      `insert into payment_allocations (payment_id, charge_id, amount)
       select p.id, substring(p.receipt_number from 7)::int, p.amount from payments p where p.property_id = :property`,
      { property: propertyId },
    );
    await trx.raw(
      `insert into payment_totals (organization_id, property_id, month, amount)
       select organization_id, property_id, date_trunc('month', received_at)::date, sum(amount)
       from payments where property_id = :property and status = 'confirmed' group by 1, 2, 3`,
      { property: propertyId },
    );
  });
  const count = async (table: string) => Number((await db(table).where({ propertyId }).count({ n: '*' }))[0].n);
  return { cuotas: await count('charges'), pagos: await count('payments') };
}

/**
 * Through the commands (their journal entries with them): every month, eight expenses paid
 * from the bank account by transfer and a transfer from the operating fund to the reserve.
 */
async function seedExpensesAndTransfers(ctx: BenchContext, api: Api, propertyId: number, operating: number, reserve: number, bankAccountId: number) {
  const categories = EXPENSE_CATEGORIES;
  let expenses = 0;
  const today = await day(ctx.db, 'current_date');
  for (let m = MONTHS - 1; m >= 0; m--) {
    const start = await day(ctx.db, `date_trunc('month', current_date) - make_interval(months => ${m})`);
    // This month's movements stop before today.
    const last = m === 0 ? Math.max(1, Number(today.slice(8, 10)) - 1) : 28;
    const dayIn = (n: number) => `${start.slice(0, 8)}${String(Math.min(n, last)).padStart(2, '0')}`;
    for (let i = 0; i < EXPENSES_PER_MONTH; i++) {
      const amount = 1500000 + ((m * 37 + i * 101) % 50) * 12345;
      const expense = await api('POST', '/api/expenses', {
        propertyId,
        fundId: operating,
        category: categories[i % categories.length],
        issueDate: dayIn(2 + i * 3),
        amount,
        itbis: Math.round(amount * 0.18),
        description: `Gasto ${i + 1} del mes`,
      });
      await api('POST', `/api/expenses/${expense.id}/payments`, {
        amount: amount + Math.round(amount * 0.18),
        paidAt: dayIn(3 + i * 3),
        method: 'bank_transfer',
        bankAccountId,
        reference: `PAG${String(expense.id).padStart(6, '0')}`,
      });
      expenses++;
    }
    await api('POST', '/api/funds/transfers', { fromFundId: operating, toFundId: reserve, amount: 5000000, date: dayIn(25), description: 'Aporte al fondo de reserva' });
  }
  return { gastos: expenses, transferencias: MONTHS };
}

/**
 * Last month's statement as the bank exports it (CSV, dd/mm/yyyy, dot decimals): each transfer
 * received a day later with its reference, each expense payment the same day, and deposits and
 * fees of amounts of their own up to 2,000 lines, oldest first.
 */
async function statementCsv(db: Knex, bankAccountId: number, propertyId: number, month: string) {
  const { rows } = await db.raw(
    `with bounds as (select to_date(:month, 'YYYY-MM') as start, (to_date(:month, 'YYYY-MM') + interval '1 month')::date as stop),
     book as (
       select p.received_at::date + 1 as day, p.amount, 'TRANSFERENCIA RECIBIDA ' || p.reference as description, p.reference
       from payments p, bounds b where p.property_id = :property and p.received_at >= b.start and p.received_at < b.stop
       union all
       select ep.paid_at::date, -ep.amount, 'PAGO A SUPLIDOR', ep.reference
       from expense_payments ep join expenses e on e.id = ep.expense_id, bounds b
       where e.property_id = :property and ep.bank_account_id = :account and ep.paid_at >= b.start and ep.paid_at < b.stop
     ),
     other as (
       select b.start + (g % 28)::int as day, case when g % 5 = 0 then -(g * 131 % 90000 + 1000) else g * 977 % 4000000 + 10000 end as amount,
              case when g % 5 = 0 then 'COMISION SERVICIO' else 'DEPOSITO EN EFECTIVO' end as description, 'DEP' || lpad(g::text, 6, '0') as reference
       from bounds b, generate_series(1, cast(:lines as int) - (select count(*) from book)::int) g
     )
     select to_char(day, 'DD/MM/YYYY') as day, description, reference, amount from (select * from book union all select * from other) l order by day, reference`,
    { month, property: propertyId, account: bankAccountId, lines: STATEMENT_LINES },
  );
  const money = (centavos: number) => `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`;
  const body = (rows as Array<{ day: string; description: string; reference: string; amount: string }>).map(
    (row) => `${row.day},${row.description},${row.reference},${money(Number(row.amount))}`,
  );
  return `Banco Popular Dominicano\nCuenta,****4821\n\nFecha,Descripcion,Referencia,Monto\n${body.join('\n')}\n`;
}
