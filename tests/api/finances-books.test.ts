import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART } from '../../shared/books';
import { backfillBooks } from '../../server/books/backfill';
import { issueCharge } from '../../server/commands/charges';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { Property, Unit } from '../../server/models';
import { day } from '../support/billing';
import { checkBooks } from '../support/books';
import { adminWorld, createProperty, createResident, createUnit, createUser, signedIn } from '../support/factories';
import { client, testApp } from '../support/services';

await testApp();

type Agent = Awaited<ReturnType<typeof signedIn>>;
type Fund = { id: number; kind: string; balance: number };
type Line = { accountId: number; code: string; fundId: number | null; debit: number; credit: number };
type Entry = { id: number; date: string; source: { type: string; id: number }; reversesEntryId: number | null; reversedByEntryId: number | null; lines: Line[] };

const funds = async (agent: Agent, propertyId: number, date?: string) =>
  (await agent.get(`/api/properties/${propertyId}/funds${date ? `?date=${date}` : ''}`).expect(200)).body as Fund[];
const balances = async (agent: Agent, propertyId: number, date?: string) => Object.fromEntries((await funds(agent, propertyId, date)).map((fund) => [fund.kind, fund.balance]));
const journal = async (agent: Agent, query: string) => (await agent.get(`/api/journal?${query}`).expect(200)).body as Entry[];

async function booksWorld() {
  const world = await adminWorld();
  const { unit } = await createResident({ property: world.property });
  const [operating, reserve] = await funds(world.agent, world.property.id);
  return { ...world, unit, operating, reserve };
}

describe('the chart of accounts', () => {
  it('every organization starts with the default chart; administrators add and edit their own accounts', async () => {
    const { agent, organization } = await adminWorld();
    const listed = (await agent.get('/api/accounts').expect(200)).body as Array<{ id: number; code: string; key: string | null; kind: string; organizationId: number }>;
    expect(listed.map((account) => account.code)).toEqual(DEFAULT_CHART.map((account) => account.code));
    expect(listed.every((account) => account.organizationId === organization.id)).toBe(true);
    expect((await agent.get('/api/accounts?kind=equity').expect(200)).body.map((account: { key: string }) => account.key)).toEqual(['fund:operating', 'fund:reserve', 'fund:other']);

    const created = await agent.post('/api/accounts').send({ code: '5201', name: 'Fumigación', kind: 'expense' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: '5201', name: 'Fumigación', kind: 'expense', key: null, active: true });
    const taken = await agent.post('/api/accounts').send({ code: '5201', name: 'Otra', kind: 'expense' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.code).toBe('Ya existe una cuenta con ese código');
    const bad = await agent.post('/api/accounts').send({ code: 'A-1', name: '', kind: 'gasto' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['code', 'kind', 'name']);

    const patched = await agent.patch(`/api/accounts/${created.body.id}`).send({ name: 'Fumigación y control de plagas', kind: 'income', active: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Fumigación y control de plagas', kind: 'income', active: false });
    const bank = listed.find((account) => account.key === 'bank')!;
    expect((await agent.patch(`/api/accounts/${bank.id}`).send({ kind: 'expense' })).status).toBe(409);
    expect((await agent.patch(`/api/accounts/${bank.id}`).send({ name: 'Bancos (Popular)' })).body.name).toBe('Bancos (Popular)');
    expect(await db()('events').where({ type: 'account.created', subjectId: created.body.id })).toHaveLength(1);
  });

  it('is the administrators own: 401, 403 to other roles, 404 for another organization', async () => {
    const { agent, property, organization } = await adminWorld();
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    const [account] = (await agent.get('/api/accounts').expect(200)).body;
    const anonymous = await client();
    expect((await anonymous.get('/api/accounts')).status).toBe(401);
    expect((await anonymous.get(`/api/properties/${property.id}/statements/trial-balance`)).status).toBe(401);
    for (const user of [resident, owner, supplier]) {
      const other = await signedIn(user);
      expect((await other.get('/api/accounts')).status).toBe(403);
      expect((await other.post('/api/accounts').send({ code: '9', name: 'X', kind: 'asset' })).status).toBe(403);
      expect((await other.patch(`/api/accounts/${account.id}`).send({ name: 'X' })).status).toBe(403);
      expect((await other.get(`/api/journal?propertyId=${property.id}`)).status).toBe(403);
      expect((await other.get(`/api/properties/${property.id}/statements/balance-sheet`)).status).toBe(403);
      expect((await other.get(`/api/properties/${property.id}/statements/income.pdf`)).status).toBe(403);
    }
    const stranger = (await adminWorld()).agent;
    expect((await stranger.patch(`/api/accounts/${account.id}`).send({ name: 'Mía' })).status).toBe(404);
    expect((await stranger.post('/api/accounts').send({ code: '9', name: 'X', kind: 'asset', organizationId: organization.id })).status).toBe(404);
    expect((await stranger.get(`/api/accounts?organizationId=${organization.id}`).expect(200)).body).toEqual([]);
    expect((await stranger.get(`/api/journal?propertyId=${property.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/journal?accountId=${account.id}`)).status).toBe(404);
    for (const path of ['trial-balance', 'balance-sheet', 'balance-sheet.pdf', 'income', 'income.pdf']) {
      expect((await stranger.get(`/api/properties/${property.id}/statements/${path}`)).status).toBe(404);
    }
  });
});

describe('income into funds', () => {
  it('an extraordinary charge goes to the fund chosen when it was issued (of its property: 404 otherwise; 400 on another type)', async () => {
    const { agent, property, unit, reserve } = await booksWorld();
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const [otherFund] = await funds(agent, elsewhere.id);
    const charge = (fields: Record<string, unknown>) =>
      agent.post('/api/charges').send({ unitId: unit.id, type: 'extraordinary', amount: 200_000, dueDate: day(10), description: 'Impermeabilización', ...fields });
    expect((await charge({ fundId: otherFund.id })).status).toBe(404);
    const wrongType = await charge({ type: 'maintenance', fundId: reserve.id });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields.fundId).toBe('Solo un cargo extraordinario se asigna a un fondo elegido');
    expect((await charge({ fundId: reserve.id })).status).toBe(201);
    expect((await charge({ amount: 50_000 })).status).toBe(201); // the operating fund

    await agent.post('/api/payments').send({ unitId: unit.id, amount: 230_000, method: 'bank_transfer', receivedAt: day(0) }).expect(201);
    // The oldest first: 200,000 to the reserve, 30,000 of the second to operating.
    expect(await balances(agent, property.id)).toEqual({ operating: 30_000, reserve: 200_000 });
    await checkBooks(property.id, [day(-1), day(0)]);
  });

  it('an extraordinary assessment split across the units goes to the fund chosen for it', async () => {
    const { agent, property, reserve } = await booksWorld();
    await createUnit({ propertyId: property.id });
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const [otherFund] = await funds(agent, elsewhere.id);
    const split = (fields: Record<string, unknown>) =>
      agent.post(`/api/properties/${property.id}/charges/split`).send({ total: 100_001, split: 'equal', dueDate: day(10), description: 'Pintura de fachada', ...fields });
    expect((await split({ fundId: otherFund.id })).status).toBe(404);
    expect((await split({ type: 'other', fundId: reserve.id })).status).toBe(400);
    const made = await split({ fundId: reserve.id });
    expect(made.status).toBe(201);
    expect((await db()('charges').whereIn('id', made.body.map((charge: { id: number }) => charge.id)).orderBy('id').select('fundId')).map((row) => row.fundId)).toEqual([reserve.id, reserve.id]);
    const income = (await agent.get(`/api/properties/${property.id}/statements/income`).expect(200)).body;
    expect(income.lines.map((line: { account: { key: string }; balance: number }) => [line.account.key, line.balance])).toEqual([['income:extraordinary', 100_001]]);
    await checkBooks(property.id, [day(0)]);
  });

  it('a cuota with a reserve line splits every payment pro rata, exact to the centavo', async () => {
    const { agent, admin, property, unit } = await booksWorld();
    await transaction(async (trx) => {
      const placed = { unit: await Unit.query(trx).findById(unit.id).throwIfNotFound(), property: await Property.query(trx).findById(property.id).throwIfNotFound() };
      await issueCharge(trx, admin.id, placed, { type: 'maintenance', amount: 10_000, reserveAmount: 1_000, dueDate: day(5), description: 'Cuota', period: null });
    });
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 3_333, method: 'cash', receivedAt: day(-2) }).expect(201);
    expect(await balances(agent, property.id)).toEqual({ operating: 3_000, reserve: 333 });
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 1, method: 'cash', receivedAt: day(-1) }).expect(201);
    expect(await balances(agent, property.id)).toEqual({ operating: 3_001, reserve: 333 });
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 6_666, method: 'cash', receivedAt: day(0) }).expect(201);
    expect(await balances(agent, property.id)).toEqual({ operating: 9_000, reserve: 1_000 });
    // Before the payments, and on the first one's day.
    expect(await balances(agent, property.id, day(-3))).toEqual({ operating: 0, reserve: 0 });
    await checkBooks(property.id, [day(-3), day(-2), day(-1), day(0)]);
  });
});

describe('the journal', () => {
  it('lists each movement as a balanced entry, and a refund or a void as reversing entries', async () => {
    const { agent, property, unit, operating } = await booksWorld();
    await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: day(10), description: 'Cuota' }).expect(201);
    const payment = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 500_000, method: 'bank_transfer', receivedAt: day(-1) }).expect(201)).body;
    const entries = await journal(agent, `propertyId=${property.id}`);
    expect(entries.map((entry) => entry.source.type).sort()).toEqual(['allocation', 'charge', 'payment']);
    for (const entry of entries) expect(entry.lines.reduce((sum, line) => sum + line.debit - line.credit, 0)).toBe(0);
    const allocation = entries.find((entry) => entry.source.type === 'allocation')!;
    expect(allocation.lines.filter((line) => line.fundId === operating.id)).toEqual([expect.objectContaining({ code: '1102', debit: 450_000, credit: 0 })]);
    expect(await balances(agent, property.id)).toMatchObject({ operating: 450_000 });

    await agent.patch(`/api/payments/${payment.id}`).send({ status: 'refunded', reason: 'Pago duplicado' }).expect(200);
    const after = await journal(agent, `propertyId=${property.id}`);
    expect(after).toHaveLength(5);
    const reversals = after.filter((entry) => entry.reversesEntryId);
    expect(reversals.map((entry) => entry.source.type).sort()).toEqual(['allocation', 'payment']);
    for (const reversal of reversals) {
      const original = after.find((entry) => entry.id === reversal.reversesEntryId)!;
      expect(original.reversedByEntryId).toBe(reversal.id);
      expect(reversal.lines.map((line) => [line.accountId, line.fundId, line.credit, line.debit])).toEqual(original.lines.map((line) => [line.accountId, line.fundId, line.debit, line.credit]));
    }
    expect(await balances(agent, property.id)).toMatchObject({ operating: 0 });
    // The charge was issued today, so its money reached the fund today (not on the payment's day), and left it with the refund.
    expect(reversals.map((entry) => entry.date)).toEqual([day(0), day(0)]);
    expect(await balances(agent, property.id, day(-1))).toMatchObject({ operating: 0 });

    const expense = (await agent.post('/api/expenses').send({ propertyId: property.id, fundId: operating.id, category: 'electricity', issueDate: day(-3), amount: 100_000, itbis: 18_000, description: 'Edesur' }).expect(201)).body;
    await agent.post(`/api/expenses/${expense.id}/payments`).send({ amount: 118_000, paidAt: day(-2), method: 'check' }).expect(201);
    await agent.post(`/api/expenses/${expense.id}/void`).send({ reason: 'Factura duplicada' }).expect(200);
    const expenseEntries = (await journal(agent, `propertyId=${property.id}`)).filter((entry) => ['expense', 'expense_payment'].includes(entry.source.type));
    expect(expenseEntries).toHaveLength(4);
    expect(expenseEntries.filter((entry) => entry.reversesEntryId)).toHaveLength(2);
    expect(await balances(agent, property.id, day(-2))).toMatchObject({ operating: -118_000 });
    expect(await balances(agent, property.id)).toMatchObject({ operating: 0 });

    // Entries are never edited nor deleted.
    await expect(db()('journalLines').whereIn('entryId', [entries[0].id]).update({ debit: 1 })).rejects.toMatchObject({ constraint: 'journal_lines_immutable' });
    await expect(db()('journalEntries').where({ id: entries[0].id }).del()).rejects.toMatchObject({ constraint: 'journal_entries_immutable' });
    await checkBooks(property.id, [day(-3), day(-2), day(-1), day(0)]);
  });

  it('pages with X-Total-Count and filters by period and account; refuses bad filters', async () => {
    const { agent, property, operating, reserve } = await booksWorld();
    await agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 1_000_000, openingDate: day(-30) }).expect(200);
    for (const ago of [10, 5, 1]) {
      await agent.post('/api/funds/transfers').send({ fromFundId: operating.id, toFundId: reserve.id, amount: 1_000 * ago, date: day(-ago), description: 'Aporte' }).expect(201);
    }
    const page = await agent.get(`/api/journal?propertyId=${property.id}&limit=2&offset=0`).expect(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.body.map((entry: Entry) => entry.date)).toEqual([day(-1), day(-5)]);
    expect((await journal(agent, `propertyId=${property.id}&from=${day(-6)}&to=${day(-2)}`)).map((entry) => entry.date)).toEqual([day(-5)]);
    const accounts = (await agent.get('/api/accounts').expect(200)).body as Array<{ id: number; key: string }>;
    const equity = accounts.find((account) => account.key === 'fund:reserve')!;
    expect(await journal(agent, `accountId=${equity.id}`)).toHaveLength(3);
    // The opening balance moved: the old entry is reversed on its own day, the new one posted.
    await agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 800_000 }).expect(200);
    const openings = (await journal(agent, `propertyId=${property.id}`)).filter((entry) => entry.source.type === 'fund_opening');
    expect(openings.map((entry) => entry.date)).toEqual([day(-30), day(-30), day(-30)]);
    expect((await balances(agent, property.id)).operating).toBe(800_000 - 16_000);
    expect((await agent.get(`/api/journal?from=${day(0)}&to=${day(-1)}`)).status).toBe(400);
    expect((await agent.get('/api/journal?from=ayer')).status).toBe(400);
    await checkBooks(property.id, [day(-31), day(-30), day(-5), day(0)]);
  });
});

describe('a property without money rows', () => {
  it('is deleted with its funds opening entries (the journal goes with its property only)', async () => {
    const { agent, property, operating } = await booksWorld();
    await db()('residents').where({ propertyId: property.id }).del();
    await agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 10_000, openingDate: day(-1) }).expect(200);
    expect(await db()('journalEntries').where({ propertyId: property.id })).toHaveLength(1);
    const deleted = await agent.delete(`/api/properties/${property.id}`);
    expect(deleted.status).toBe(200);
    expect(await db()('journalEntries').where({ propertyId: property.id })).toHaveLength(0);
  });
});

describe('the statements', () => {
  it('trial balance, balance sheet and income statement of a property, as JSON and PDF', async () => {
    const { agent, property, unit, operating, reserve } = await booksWorld();
    await agent.patch(`/api/funds/${reserve.id}`).send({ openingBalance: 2_000_000, openingDate: day(-60) }).expect(200);
    await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: day(10), description: 'Cuota' }).expect(201);
    await agent.post('/api/charges').send({ unitId: unit.id, type: 'late_fee', amount: 22_500, dueDate: day(10), description: 'Mora' }).expect(201);
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 300_000, method: 'cash', receivedAt: day(0) }).expect(201);
    const expense = (await agent.post('/api/expenses').send({ propertyId: property.id, fundId: operating.id, category: 'cleaning', issueDate: day(0), amount: 50_000, itbis: 9_000, description: 'Limpieza' }).expect(201)).body;
    await agent.post(`/api/expenses/${expense.id}/payments`).send({ amount: 20_000, paidAt: day(0), method: 'cash' }).expect(201);

    const trial = (await agent.get(`/api/properties/${property.id}/statements/trial-balance`).expect(200)).body;
    expect(trial.totalDebit).toBe(trial.totalCredit);
    const byKey = (lines: Array<{ account: { key: string }; debit: number; credit: number; balance: number }>, key: string) => lines.find((line) => line.account.key === key)!;
    expect(byKey(trial.lines, 'receivables')).toMatchObject({ debit: 472_500 - 300_000, credit: 0 });
    expect(byKey(trial.lines, 'payables')).toMatchObject({ debit: 0, credit: 59_000 - 20_000 });
    expect(byKey(trial.lines, 'cash')).toMatchObject({ debit: 300_000 - 20_000 });

    const sheet = (await agent.get(`/api/properties/${property.id}/statements/balance-sheet`).expect(200)).body;
    expect(sheet.assets).toBe(sheet.liabilities + sheet.equity);
    expect(sheet.result).toBe(472_500 - 59_000);
    expect(sheet.assets).toBe(2_000_000 + 280_000 + 172_500);
    expect(sheet.funds.map((fund: { fundId: number; cash: number }) => [fund.fundId, fund.cash])).toEqual([
      [operating.id, 280_000],
      [reserve.id, 2_000_000],
    ]);
    const before = (await agent.get(`/api/properties/${property.id}/statements/balance-sheet?to=${day(-61)}`).expect(200)).body;
    expect([before.assets, before.liabilities, before.equity, before.lines]).toEqual([0, 0, 0, []]);

    const income = (await agent.get(`/api/properties/${property.id}/statements/income?from=${day(-1)}&to=${day(0)}`).expect(200)).body;
    expect(income).toMatchObject({ income: 472_500, expenses: 59_000, result: 413_500 });
    expect(income.lines.map((line: { account: { key: string }; balance: number }) => [line.account.key, line.balance])).toEqual([
      ['income:maintenance', 450_000],
      ['income:late_fee', 22_500],
      ['expense:cleaning', 50_000],
      ['expense:itbis', 9_000],
    ]);
    expect((await agent.get(`/api/properties/${property.id}/statements/income?from=${day(-30)}&to=${day(-1)}`).expect(200)).body).toMatchObject({ income: 0, expenses: 0, lines: [] });
    expect((await agent.get(`/api/properties/${property.id}/statements/income?from=${day(1)}&to=${day(0)}`)).status).toBe(400);
    expect((await agent.get(`/api/properties/${property.id}/statements/balance-sheet?to=2026-02-30`)).status).toBe(400);

    for (const path of ['balance-sheet.pdf', `income.pdf?from=${day(-1)}`]) {
      const pdf = await agent.get(`/api/properties/${property.id}/statements/${path}`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await checkBooks(property.id, [day(-61), day(0)]);
  });
});

describe('the backfill', () => {
  it('gives rows written without the books their entries, once', async () => {
    const { admin, organization, property } = await adminWorld();
    const unit = await createUnit({ propertyId: property.id });
    const [operating, reserve] = await db()('funds').where({ propertyId: property.id }).orderBy('id');
    await transaction(async (trx) => {
      // As rows from before the books: written straight into the tables.
      await trx('funds').where({ id: reserve.id }).update({ openingBalance: 75_000, openingDate: day(-20) });
      const number = async (series: string) => (await trx.raw('select billing_next_number(?, ?, ?::date) as n', [organization.id, series, day(0)])).rows[0].n;
      const [charge] = await trx('charges')
        .insert({ organizationId: organization.id, propertyId: property.id, unitId: unit.id, type: 'maintenance', amount: 10_000, reserveAmount: 2_500, dueDate: day(0), description: 'Cuota', invoiceNumber: await number('invoice') })
        .returning('*');
      const [payment] = await trx('payments')
        .insert({ organizationId: property.organizationId, propertyId: property.id, unitId: unit.id, amount: 12_000, method: 'cash', receivedAt: day(-1), status: 'confirmed', receiptNumber: await number('receipt'), recordedById: admin.id })
        .returning('*');
      await trx('paymentAllocations').insert({ paymentId: payment.id, chargeId: charge.id, amount: 10_000 });
      const [expense] = await trx('expenses')
        .insert({ organizationId: organization.id, propertyId: property.id, fundId: operating.id, category: 'water', issueDate: day(-5), amount: 4_000, itbis: 0, description: 'CAASD', paidAmount: 4_000, status: 'voided', voidedAt: new Date() })
        .returning('*');
      await trx('expensePayments').insert({ organizationId: organization.id, expenseId: expense.id, fundId: operating.id, amount: 4_000, paidAt: day(-4), method: 'cash' });
      await trx('fundTransfers').insert({ organizationId: organization.id, propertyId: property.id, fromFundId: reserve.id, toFundId: operating.id, amount: 5_000, date: day(-3), description: 'Préstamo' });
    });
    expect(await db()('journalEntries').where({ propertyId: property.id })).toHaveLength(0);

    await transaction((trx) => backfillBooks(trx, organization.id));
    const posted = await db()('journalEntries').where({ propertyId: property.id });
    expect(posted.map((entry) => entry.sourceType).sort()).toEqual(
      ['allocation', 'charge', 'expense', 'expense', 'expense_payment', 'expense_payment', 'fund_opening', 'fund_transfer', 'payment'].sort(),
    );
    expect((await db()('allocationFunds').orderBy('reserveLine')).filter((row) => [operating.id, reserve.id].includes(row.fundId)).map((row) => [row.fundId, row.amount])).toEqual([
      [operating.id, 7_500],
      [reserve.id, 2_500],
    ]);
    await checkBooks(property.id, [day(-21), day(-4), day(0)]);
    const agent = await signedIn(admin);
    expect(await balances(agent, property.id)).toEqual({ operating: 7_500 + 5_000, reserve: 75_000 + 2_500 - 5_000 });

    await transaction((trx) => backfillBooks(trx, organization.id));
    expect(await db()('journalEntries').where({ propertyId: property.id })).toHaveLength(posted.length);
  });
});
