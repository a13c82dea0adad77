import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { trialBalance } from '../../server/books/statements';
import { listBankLines } from '../../server/commands/finances/bankLines';
import { listFunds } from '../../server/commands/finances/funds';
import { computeMonthlyReport, publishedReport } from '../../server/commands/finances/monthlyReport';
import { withInvoices } from '../../server/commands/finances/reportInvoices';
import { financesSummary } from '../../server/commands/finances/summary';
import { db } from '../../server/db';
import { presentFund } from '../../server/presenters/finances';
import { presentBankLine } from '../../server/presenters/financesBank';
import { presentSummary } from '../../server/presenters/financesClose';
import type { StoredBankAccount } from '../../server/rows/financesBank';
import { addDays, todayThere } from '../../shared/time';
import { adminWorld, createUnit } from '../support/factories';
import { PNG_PROOF } from '../support/billing';
import { testApp } from '../support/services';
import { statementsDuring } from '../support/statements';

await testApp();

/**
 * The finances page's reads are remembered per organization data version
 * (server/commands/finances/remembered.ts): asked again they run no statement, the tables they
 * read all raise versions, and after every change of their rows, made through the API or by any
 * SQL, each answers exactly what it computes from the rows at that moment (a stale money figure
 * is worse than a slow one).
 */

const today = todayThere();
const thisMonth = today.slice(0, 7);
const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
const endOfLastMonth = addDays(`${thisMonth}-01`, -1);
const on = (day: number) => `${lastMonth}-${String(day).padStart(2, '0')}`;

type World = Awaited<ReturnType<typeof financesWorld>>;
type ReadName = 'funds' | 'fundsAtMonthEnd' | 'summary' | 'trialBalance' | 'report' | 'lines' | 'linesPage';

/** An administrator's property with a unit, its funds opened two months back, and a bank account that receives the units' payments. */
async function financesWorld() {
  const world = await adminWorld();
  const unit = await createUnit({ propertyId: world.property.id, unitNumber: '101' });
  const [operating, reserve] = (await world.agent.get(`/api/properties/${world.property.id}/funds`).expect(200)).body as Array<{ id: number }>;
  await world.agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 5_000_000, openingDate: addDays(`${lastMonth}-01`, -40) }).expect(200);
  const account = (
    await world.agent
      .post(`/api/properties/${world.property.id}/bank-accounts`)
      .send({ bank: 'popular', last4: '4821', openingBalance: 5_000_000, openingDate: addDays(`${lastMonth}-01`, -40), fundIds: [operating.id], receivesPayments: true })
      .expect(201)
  ).body as { id: number };
  return { ...world, unit, operating, reserve, account };
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value));
const withoutGeneratedAt = ({ generatedAt: _generatedAt, ...report }: Record<string, unknown>) => report;

/** Each read as the API answers it (a page with its X-Total-Count). */
async function answered(w: World): Promise<Record<ReadName, unknown>> {
  const get = async (path: string) => {
    const response = await w.agent.get(path).expect(200);
    return response.headers['x-total-count'] === undefined ? response.body : { rows: response.body, total: Number(response.headers['x-total-count']) };
  };
  const lines = `/api/bank-accounts/${w.account.id}/lines?month=${lastMonth}`;
  return {
    funds: await get(`/api/properties/${w.property.id}/funds`),
    fundsAtMonthEnd: await get(`/api/properties/${w.property.id}/funds?date=${endOfLastMonth}`),
    summary: await get(`/api/finances/summary?propertyId=${w.property.id}`),
    trialBalance: await get(`/api/properties/${w.property.id}/statements/trial-balance`),
    report: withoutGeneratedAt(await get(`/api/properties/${w.property.id}/reports/monthly?month=${lastMonth}`)),
    lines: await get(lines),
    linesPage: await get(`${lines}&limit=2&offset=1`),
  };
}

/** Each read computed now from the rows by the commands themselves, as the API presents it. */
async function computed(w: World): Promise<Record<ReadName, unknown>> {
  const account = (await db()('bankAccounts').where({ id: w.account.id }).first()) as StoredBankAccount;
  const page = async (filters: { limit?: number; offset: number }) => {
    const { rows, total } = await listBankLines(account, { month: lastMonth, ...filters });
    return { rows: rows.map((row) => presentBankLine(row)), total };
  };
  const published = await publishedReport(db(), w.property.id, lastMonth);
  const report = published ? published.figures : await computeMonthlyReport(db(), w.admin, w.property, lastMonth);
  return json({
    funds: (await listFunds(w.property)).map(presentFund),
    fundsAtMonthEnd: (await listFunds(w.property, endOfLastMonth)).map(presentFund),
    summary: presentSummary(await financesSummary(w.property)),
    trialBalance: await trialBalance(db(), w.property.id, today),
    report: withoutGeneratedAt({
      ...(await withInvoices(db(), report)),
      published: published ? { version: published.version, publishedAt: new Date(published.publishedAt).toISOString() } : null,
      invoices: true,
    }),
    lines: await page({ offset: 0 }),
    linesPage: await page({ limit: 2, offset: 1 }),
  });
}

/** After `change`, every read answers what the rows give now, and those named in `moves` answer something else than before. */
async function expectFollowed(w: World, before: Record<ReadName, unknown>, what: string, moves: ReadName[]) {
  const now = await answered(w);
  expect(now, what).toEqual(await computed(w));
  for (const read of moves) expect(now[read], `${what}: ${read} did not move`).not.toEqual(before[read]);
  return now;
}

const CSV_MAPPING = { date: 'fecha', description: 'detalle', reference: 'referencia', amount: 'monto', dateFormat: 'yyyy-mm-dd', decimal: 'dot' };
const csv = (rows: string[]) => Buffer.from(['fecha,detalle,referencia,monto', ...rows].join('\n')).toString('base64');

describe('finances reads, remembered per data version', () => {
  it('asked again run no statement; the first time they read only tables whose changes raise versions', async () => {
    const w = await financesWorld();
    const light = (await w.agent.post('/api/expenses').send({ propertyId: w.property.id, fundId: w.operating.id, category: 'electricity', issueDate: on(5), amount: 100_000, description: 'Luz' }).expect(201)).body;
    await w.agent.post(`/api/expenses/${light.id}/payments`).send({ amount: 100_000, paidAt: on(5), method: 'bank_transfer', bankAccountId: w.account.id, reference: 'PAG1' }).expect(201);
    await w.agent.post('/api/payments').send({ unitId: w.unit.id, amount: 450_000, method: 'bank_transfer', receivedAt: on(8), reference: 'T-1' }).expect(201);
    await w.agent.post(`/api/bank-accounts/${w.account.id}/statements`).send({ fileName: 'extracto.csv', content: csv([`${on(5)},Pago,PAG1,-1000.00`, `${on(9)},Transferencia,T-1,4500.00`]), mapping: CSV_MAPPING }).expect(201);

    // (The day's first delinquency figures of an organization raise its version once: read them before.)
    await answered(w);
    await db()('data_versions').where({ organizationId: w.organization.id }).increment('version', 1);
    const first = await statementsDuring(() => answered(w));
    expect(first.length).toBeGreaterThan(10);
    const named = [...new Set(first.flatMap((sql) => [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)/gi)].map(([, name]) => name.toLowerCase())))];
    const { rows: tables } = await db().raw(`select relname as name from pg_class where relkind in ('r', 'p') and relname = any(?)`, [named]);
    const { rows: versioned } = await db().raw(`select tgrelid::regclass::text as name from pg_trigger where tgname like '%\\_data_version'`);
    const raising = new Set([...versioned.map((row: { name: string }) => row.name), 'unit_debts']);
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.map((row: { name: string }) => row.name).filter((name: string) => !raising.has(name))).toEqual([]);

    expect(await statementsDuring(() => answered(w))).toEqual([]);
  });

  it('follow every change made through the API', async () => {
    const w = await financesWorld();
    const { agent, property, operating, reserve, account, unit } = w;
    let now = await answered(w);
    const step = async (what: string, moves: ReadName[], change: () => Promise<unknown>) => {
      await change();
      now = await expectFollowed(w, now, what, moves);
    };
    let expenseId = 0;
    await step('an expense recorded', ['summary', 'report', 'trialBalance'], async () => {
      expenseId = (await agent.post('/api/expenses').send({ propertyId: property.id, fundId: operating.id, category: 'electricity', issueDate: on(3), amount: 200_000, itbis: 36_000, description: 'Luz' }).expect(201)).body.id;
    });
    await step('its invoice attached', ['report'], () =>
      agent.post(`/api/expenses/${expenseId}/attachments`).send({ fileName: 'factura.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') }).expect(201),
    );
    await step('the expense paid from the bank', ['funds', 'fundsAtMonthEnd', 'summary', 'trialBalance', 'report'], () =>
      agent.post(`/api/expenses/${expenseId}/payments`).send({ amount: 236_000, paidAt: on(4), method: 'bank_transfer', bankAccountId: account.id, reference: 'PAG77' }).expect(201),
    );
    let paymentId = 0;
    await step("a unit's cuota paid", ['funds', 'summary', 'trialBalance', 'report'], async () => {
      await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: on(5), description: 'Cuota' }).expect(201);
      paymentId = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 450_000, method: 'bank_transfer', receivedAt: on(10), reference: 'T-55' }).expect(201)).body.id;
    });
    await step('a transfer to the reserve', ['funds', 'fundsAtMonthEnd', 'report'], () =>
      agent.post('/api/funds/transfers').send({ fromFundId: operating.id, toFundId: reserve.id, amount: 100_000, date: on(12), description: 'Aporte' }).expect(201),
    );
    await step('a fund added', ['funds', 'summary', 'report'], () => agent.post(`/api/properties/${property.id}/funds`).send({ name: 'Fondo de pintura', openingBalance: 10_000, openingDate: on(1) }).expect(201));
    await step("a fund's opening balance changed", ['funds', 'summary', 'trialBalance'], () => agent.patch(`/api/funds/${reserve.id}`).send({ openingBalance: 20_000, openingDate: on(1) }).expect(200));
    let lines: Array<{ id: number; suggestion: { kind: string; id: number } | null }> = [];
    await step('a statement imported', ['lines', 'linesPage', 'report'], async () => {
      await agent
        .post(`/api/bank-accounts/${account.id}/statements`)
        .send({ fileName: 'extracto.csv', content: csv([`${on(4)},Pago suplidor,PAG77,-2360.00`, `${on(11)},Transferencia recibida,T-55,4500.00`, `${on(13)},Comision,,-50.00`, `${on(14)},Intereses,,12.34`]), mapping: CSV_MAPPING })
        .expect(201);
      lines = (await agent.get(`/api/bank-accounts/${account.id}/lines?month=${lastMonth}`).expect(200)).body;
    });
    expect(lines.map((line) => line.suggestion?.kind ?? null)).toEqual(['expense_payment', 'payment', null, null]);
    await step('a line matched to its suggestion', ['lines', 'linesPage'], () => agent.post(`/api/bank-lines/${lines[1].id}/match`).send({ paymentId: lines[1].suggestion!.id }).expect(201));
    await step('the line unmatched', ['lines', 'linesPage'], () => agent.delete(`/api/bank-lines/${lines[1].id}/match`).expect(200));
    await step('an expense created from a line', ['lines', 'funds', 'summary', 'report'], () =>
      agent.post(`/api/bank-lines/${lines[2].id}/match`).send({ create: { kind: 'expense', fundId: operating.id, category: 'bank_fees' } }).expect(201),
    );
    await step('an income created from a line', ['lines', 'funds', 'trialBalance'], () =>
      agent.post(`/api/bank-lines/${lines[3].id}/match`).send({ create: { kind: 'income', fundId: operating.id } }).expect(201),
    );
    await step('the paid expense voided', ['funds', 'summary', 'trialBalance', 'report', 'lines'], () => agent.post(`/api/expenses/${expenseId}/void`).send({ reason: 'Factura duplicada' }).expect(200));
    await step('the payment refunded', ['funds', 'summary', 'trialBalance', 'report'], () => agent.patch(`/api/payments/${paymentId}`).send({ status: 'refunded', reason: 'Pago duplicado' }).expect(200));
    const year = Number(lastMonth.slice(0, 4));
    await step('the budget saved', ['report'], () =>
      agent.put(`/api/properties/${property.id}/budget`).send({ year, lines: [{ category: 'electricity', months: Array<number>(12).fill(250_000) }] }).expect(200),
    );
    await step('a charge past due', ['report', 'trialBalance'], () =>
      agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 90_000, dueDate: addDays(today, -40), description: 'Cuota vieja' }).expect(201),
    );
    const bank = ((await agent.get('/api/accounts').expect(200)).body as Array<{ id: number; key: string }>).find((account) => account.key === 'bank')!;
    await step('an account renamed', ['trialBalance'], () => agent.patch(`/api/accounts/${bank.id}`).send({ name: 'Bancos comerciales' }).expect(200));
    await step('the month closed (its report published)', ['report'], () => agent.post(`/api/properties/${property.id}/periods/${lastMonth}/close`).send({}).expect(200));
    await step('the month reopened (its report withdrawn)', ['report'], () => agent.post(`/api/properties/${property.id}/periods/${lastMonth}/reopen`).send({ reason: 'Falta una factura' }).expect(200));
  });

  it('follow every change made by SQL the app never saw, each table on its own', async () => {
    const w = await financesWorld();
    const { agent, property, operating, reserve, account, unit, organization, admin } = w;
    const supplier = (await agent.post('/api/suppliers').send({ name: 'Edenorte' }).expect(201)).body;
    const expense = (
      await agent.post('/api/expenses').send({ propertyId: property.id, fundId: operating.id, supplierId: supplier.id, category: 'electricity', issueDate: on(3), amount: 200_000, description: 'Luz' }).expect(201)
    ).body;
    const paid = (await agent.post(`/api/expenses/${expense.id}/payments`).send({ amount: 200_000, paidAt: on(4), method: 'bank_transfer', bankAccountId: account.id, reference: 'PAG77' }).expect(201)).body;
    await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: on(5), description: 'Cuota' }).expect(201);
    const payment = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 450_000, method: 'bank_transfer', receivedAt: on(10), reference: 'T-55' }).expect(201)).body;
    await agent
      .post(`/api/bank-accounts/${account.id}/statements`)
      .send({ fileName: 'extracto.csv', content: csv([`${on(4)},Pago suplidor,PAG77,-2000.00`, `${on(11)},Transferencia recibida,T-55,4500.00`, `${on(13)},Comision,,-50.00`]), mapping: CSV_MAPPING })
      .expect(201);

    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    const sql = (text: string, values: unknown[] = []) => other.query(text, values);
    const [line] = (await db()('bankLines').where({ bankAccountId: account.id }).orderBy('date')) as Array<{ id: number }>;
    const allocation = await db()('paymentAllocations').where({ paymentId: payment.id }).first('id');
    const entry = await db()('journalEntries').where({ propertyId: property.id }).orderBy('id').first('id');
    const cash = await db()('accounts').where({ organizationId: organization.id, key: 'cash' }).first('id');
    const bank = await db()('accounts').where({ organizationId: organization.id, key: 'bank' }).first('id');
    // Each change touches one table (a journal entry is read through its lines: added with them).
    // (A payment with a receipt is never edited: one is added.)
    const changes: Array<[table: string, moves: ReadName[], change: () => Promise<unknown>]> = [
      ['funds', ['funds', 'report'], () => sql(`update funds set name = 'Fondo de operaciones' where id = $1`, [operating.id])],
      ['fund_transfers', ['funds', 'fundsAtMonthEnd'], () => sql(`insert into fund_transfers (organization_id, property_id, from_fund_id, to_fund_id, amount, date, description) values ($1, $2, $3, $4, 5000, $5, 'Directa')`, [organization.id, property.id, operating.id, reserve.id, on(15)])],
      ['expenses', ['report'], () => sql(`update expenses set description = 'Luz de octubre' where id = $1`, [expense.id])],
      ['expense_payments', ['lines'], () => sql(`update expense_payments set reference = 'PAG78' where id = $1`, [paid.payments[0].id])],
      ['expense_attachments', ['report'], () => sql(`insert into expense_attachments (organization_id, expense_id, file_name, file_type, size_bytes, content) values ($1, $2, 'f.png', 'image/png', $3, $4)`, [organization.id, expense.id, PNG_PROOF.length, PNG_PROOF])],
      ['suppliers', ['report'], () => sql(`update suppliers set name = 'Edenorte Dominicana' where id = $1`, [supplier.id])],
      ['allocation_funds', ['funds', 'summary'], () => sql(`insert into allocation_funds (allocation_id, fund_id, amount, reserve_line, date) values ($1, $2, 1000, true, $3)`, [allocation.id, reserve.id, on(10)])],
      ['other_incomes', ['funds', 'summary'], () => sql(`insert into other_incomes (organization_id, property_id, fund_id, date, amount, description) values ($1, $2, $3, $4, 700, 'Directo')`, [organization.id, property.id, reserve.id, on(16)])],
      ['journal_lines', ['trialBalance'], () => sql(`insert into journal_lines (entry_id, account_id, debit, credit) values ($1, $2, 300, 0), ($1, $3, 0, 300)`, [entry.id, cash.id, bank.id])],
      ['journal_entries (with its lines)', ['trialBalance'], async () => {
        await sql('begin');
        const { rows } = await sql(`insert into journal_entries (organization_id, property_id, date, source_type, source_id, description) values ($1, $2, $3, 'manual', 0, 'Directo') returning id`, [organization.id, property.id, on(17)]);
        await sql(`insert into journal_lines (entry_id, account_id, debit, credit) values ($1, $2, 400, 0), ($1, $3, 0, 400)`, [rows[0].id, cash.id, bank.id]);
        await sql('commit');
      }],
      ['accounts', ['trialBalance'], () => sql(`update accounts set name = 'Bancos comerciales' where id = $1`, [bank.id])],
      ['bank_lines', ['lines'], () => sql(`update bank_lines set description = 'Pago a Edenorte' where id = $1`, [line.id])],
      ['bank_accounts', ['report'], () => sql(`update bank_accounts set opening_balance = opening_balance + 100 where id = $1`, [account.id])],
      ['bank_reconciliations', ['report'], () => sql(`insert into bank_reconciliations (organization_id, bank_account_id, month, bank_closing, book_closing) values ($1, $2, $3, 0, 0)`, [organization.id, account.id, lastMonth])],
      ['budget_lines', ['report'], () => sql(`insert into budget_lines (organization_id, property_id, year, category, months) values ($1, $2, $3, 'electricity', array[1,2,3,4,5,6,7,8,9,10,11,12])`, [organization.id, property.id, Number(lastMonth.slice(0, 4))])],
      ['units', ['lines'], () => sql(`update units set unit_number = '101-A' where id = $1`, [unit.id])],
      ['payments', ['summary', 'report'], () => sql(`insert into payments (organization_id, property_id, unit_id, amount, method, received_at, status, receipt_number, recorded_by_id) values ($1, $2, $3, 1000, 'cash', $4, 'confirmed', 'REC-SQL-1', $5)`, [organization.id, property.id, unit.id, on(20), admin.id])],
      ['charges', ['report'], () => sql(`insert into charges (organization_id, property_id, unit_id, amount, type, due_date, description, invoice_number, created_by_id) values ($1, $2, $3, 70000, 'maintenance', $4, 'Cuota', 'FAC-SQL-1', $5)`, [organization.id, property.id, unit.id, addDays(today, -20), admin.id])],
    ];
    try {
      let now = await answered(w);
      for (const [table, moves, change] of changes) {
        await change();
        now = await expectFollowed(w, now, `a change of ${table}`, moves);
      }
      // The published report is read as published: a change of its stored figures is what it answers next.
      await agent.post(`/api/properties/${property.id}/periods/${lastMonth}/close`).send({}).expect(200);
      now = await expectFollowed(w, now, 'the month closed', ['report']);
      await sql(`update finance_reports set figures = jsonb_set(figures, '{propertyName}', '"Torre renombrada"') where property_id = $1`, [property.id]);
      now = await expectFollowed(w, now, 'a change of finance_reports', ['report']);
      expect((now.report as { propertyName: string }).propertyName).toBe('Torre renombrada');
    } finally {
      await other.end();
    }
  });

  it("decides a page's suggestions with the month's lines of its amounts: a line of the page loses an entry to a closer line outside it", async () => {
    const w = await financesWorld();
    const { agent, unit, account } = w;
    // One payment of 1,000.00 on day 10; three lines of that amount on days 8, 10 and 12, and one of another amount first.
    await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: on(5), description: 'Cuota' }).expect(201);
    const payment = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 100_000, method: 'bank_transfer', receivedAt: on(10) }).expect(201)).body;
    await agent
      .post(`/api/bank-accounts/${account.id}/statements`)
      .send({ fileName: 'extracto.csv', content: csv([`${on(7)},Deposito,,25.00`, `${on(8)},Transferencia,,1000.00`, `${on(10)},Transferencia,,1000.00`, `${on(12)},Transferencia,,1000.00`]), mapping: CSV_MAPPING })
      .expect(201);
    const month = (await agent.get(`/api/bank-accounts/${account.id}/lines?month=${lastMonth}`).expect(200)).body as Array<{ id: number; suggestion: { id: number } | null }>;
    expect(month.map((line) => line.suggestion?.id ?? null)).toEqual([null, null, payment.id, null]);
    for (const offset of [0, 1, 2, 3]) {
      const page = (await agent.get(`/api/bank-accounts/${account.id}/lines?month=${lastMonth}&limit=1&offset=${offset}`).expect(200)).body;
      expect(page).toEqual([month[offset]]);
    }
  });
});
