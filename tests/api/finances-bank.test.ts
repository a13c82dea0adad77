import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { adminWorld, createProperty, createResident, createUnit, createUser, eventsOf, signedIn } from '../support/factories';
import { checkBooks } from '../support/books';
import { PNG_PROOF } from '../support/billing';
import { client, testApp } from '../support/services';

await testApp();

type Agent = Awaited<ReturnType<typeof signedIn>>;
type Fund = { id: number; kind: string; balance: number };
type Entry = { kind: string; id: number; date: string; amount: number };
type Line = { id: number; date: string; description: string; reference: string | null; amount: number; balance: number | null; status: string; matched: Entry | null; suggestion: Entry | null };

const FIXTURES = path.join(import.meta.dirname, '../fixtures/statements');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name)).toString('base64');

const BANRESERVAS_MAPPING = { date: 'Fecha', description: 'Descripción', reference: 'Referencia', amount: 'Monto', balance: 'Balance', dateFormat: 'dd/mm/yyyy', decimal: 'comma' };
const POPULAR_MAPPING = { date: 'Fecha Posteo', description: 'Descripcion', reference: 'No. Referencia', debit: 'Débito', credit: 'Crédito', balance: 'Balance', dateFormat: 'dd/mm/yyyy', decimal: 'dot' };

async function bankWorld() {
  const world = await adminWorld({ name: 'Administradora Naco' });
  const [operating, reserve] = (await world.agent.get(`/api/properties/${world.property.id}/funds`).expect(200)).body as Fund[];
  return { ...world, operating, reserve };
}

const createAccount = (agent: Agent, propertyId: number, fields: Record<string, unknown> = {}, key?: string) => {
  const request = agent.post(`/api/properties/${propertyId}/bank-accounts`);
  if (key) request.set('Idempotency-Key', key);
  return request.send({ bank: 'banreservas', last4: '4321', openingBalance: 10_000_000, openingDate: '2026-09-30', ...fields });
};

const upload = (agent: Agent, accountId: number, body: Record<string, unknown>, key?: string) => {
  const request = agent.post(`/api/bank-accounts/${accountId}/statements`);
  if (key) request.set('Idempotency-Key', key);
  return request.send(body);
};

const linesOf = async (agent: Agent, accountId: number, query = 'month=2026-10') =>
  (await agent.get(`/api/bank-accounts/${accountId}/lines?${query}`).expect(200)).body as Line[];

let receipt = 0;
/** A unit's confirmed payment, as billing records it. */
async function payment(world: { organization: { id: number }; property: { id: number }; admin: { id: number } }, fields: { amount: number; method: string; receivedAt: string; reference?: string | null }) {
  const unit = await createUnit({ propertyId: world.property.id });
  const [row] = await db()('payments')
    .insert({
      organizationId: world.organization.id,
      propertyId: world.property.id,
      unitId: unit.id,
      status: 'confirmed',
      receiptNumber: `R-${++receipt}-${Date.now()}`,
      recordedById: world.admin.id,
      reference: null,
      ...fields,
    })
    .returning('id');
  return row.id as number;
}

/** A pending expense paid from the account (through the API). */
async function paidExpense(agent: Agent, propertyId: number, fundId: number, fields: { amount: number; paidAt: string; bankAccountId: number; reference?: string }) {
  const created = await agent
    .post('/api/expenses')
    .send({ propertyId, fundId, category: 'electricity', issueDate: fields.paidAt, amount: fields.amount, description: 'Factura Edenorte' })
    .expect(201);
  const paid = await agent
    .post(`/api/expenses/${created.body.id}/payments`)
    .send({ amount: fields.amount, paidAt: fields.paidAt, method: 'bank_transfer', bankAccountId: fields.bankAccountId, reference: fields.reference })
    .expect(201);
  return { expenseId: created.body.id as number, paymentId: paid.body.payments[0].id as number };
}

describe('bank accounts', () => {
  it('creates, lists and edits a property bank account; one account receives the units payments', async () => {
    const { agent, property, operating, reserve } = await bankWorld();
    const first = await createAccount(agent, property.id, { receivesPayments: true, name: 'Cuenta corriente' }, 'bank-account-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ bank: 'banreservas', bankName: 'Banreservas', last4: '4321', currency: 'DOP', openingBalance: 10_000_000, receivesPayments: true, fundIds: [operating.id], mapping: null, bookBalance: 10_000_000 });
    const replayed = await createAccount(agent, property.id, { receivesPayments: true, name: 'Cuenta corriente' }, 'bank-account-0001');
    expect(replayed.status).toBe(200);
    expect(replayed.body.id).toBe(first.body.id);
    expect(await eventsOf('bank_account.created', first.body.id)).toHaveLength(1);

    const second = await createAccount(agent, property.id, { bank: 'popular', last4: '8765', fundIds: [reserve.id, operating.id], receivesPayments: true });
    expect(second.status).toBe(201);
    expect(second.body.fundIds).toEqual([operating.id, reserve.id].sort((a, b) => a - b));
    const listed = (await agent.get(`/api/properties/${property.id}/bank-accounts`).expect(200)).body as Array<{ id: number; receivesPayments: boolean }>;
    expect(listed.map((account) => [account.id, account.receivesPayments])).toEqual([
      [first.body.id, false],
      [second.body.id, true],
    ]);
    const patched = await agent.patch(`/api/bank-accounts/${first.body.id}`).send({ last4: '1111', receivesPayments: true, fundIds: [reserve.id] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ last4: '1111', receivesPayments: true, fundIds: [reserve.id] });
    expect((await agent.get(`/api/properties/${property.id}/bank-accounts`).expect(200)).body.filter((account: { receivesPayments: boolean }) => account.receivesPayments)).toHaveLength(1);

    const bad = await createAccount(agent, property.id, { bank: 'citibank', last4: '12a4', openingBalance: 1.5, openingDate: 'ayer' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['bank', 'last4', 'openingBalance', 'openingDate']);
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const [otherFund] = (await agent.get(`/api/properties/${elsewhere.id}/funds`).expect(200)).body as Fund[];
    const foreignFund = await createAccount(agent, property.id, { fundIds: [otherFund.id] });
    expect(foreignFund.status).toBe(400);
    expect(foreignFund.body.fields.fundIds).toBe('El fondo no es de la propiedad de la cuenta');
  });

  it('expense payments leave from a bank account of the expense property; cash from none', async () => {
    const { agent, property, operating } = await bankWorld();
    const expense = (await agent.post('/api/expenses').send({ propertyId: property.id, fundId: operating.id, category: 'water', issueDate: '2026-10-01', amount: 300_000, description: 'CAASD' }).expect(201)).body;
    const pay = (fields: Record<string, unknown>) => agent.post(`/api/expenses/${expense.id}/payments`).send({ amount: 100_000, paidAt: '2026-10-02', method: 'bank_transfer', ...fields });
    expect((await pay({})).status).toBe(201); // no accounts yet: as before bank accounts
    const account = (await createAccount(agent, property.id).expect(201)).body;
    const missing = await pay({});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.bankAccountId).toBe('Seleccione la cuenta bancaria');
    const cashFromBank = await pay({ method: 'cash', bankAccountId: account.id });
    expect(cashFromBank.status).toBe(400);
    expect(cashFromBank.body.fields.bankAccountId).toBe('Un pago en efectivo no sale de una cuenta bancaria');
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const otherAccount = (await createAccount(agent, elsewhere.id).expect(201)).body;
    expect((await pay({ bankAccountId: otherAccount.id })).status).toBe(404);
    const stranger = await bankWorld();
    const strangerAccount = (await createAccount(stranger.agent, stranger.property.id).expect(201)).body;
    expect((await pay({ bankAccountId: strangerAccount.id })).status).toBe(404);
    const fromBank = await pay({ bankAccountId: account.id });
    expect(fromBank.status).toBe(201);
    expect(fromBank.body.payments[1]).toMatchObject({ bankAccountId: account.id, amount: 100_000 });
    expect((await pay({ method: 'cash' })).status).toBe(201);
    const accounts = (await agent.get(`/api/properties/${property.id}/bank-accounts`).expect(200)).body;
    expect(accounts[0].bookBalance).toBe(10_000_000 - 100_000);
  });
});

describe('statement import', () => {
  it('imports a Banreservas CSV (Windows-1252, semicolons, dd/mm/yyyy, comma decimals) once; the mapping is remembered', async () => {
    const { agent, property } = await bankWorld();
    const account = (await createAccount(agent, property.id, { receivesPayments: true }).expect(201)).body;
    const content = fixture('banreservas-2026-10.csv');
    const unmapped = await upload(agent, account.id, { fileName: 'banreservas-2026-10.csv', fileType: 'text/csv', content });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.fields.mapping).toBe('Indique qué columna del CSV es la fecha, la descripción y los montos');
    const wrongColumn = await upload(agent, account.id, { fileName: 'banreservas-2026-10.csv', content, mapping: { ...BANRESERVAS_MAPPING, balance: 'Saldo' } });
    expect(wrongColumn.status).toBe(400);

    const first = await upload(agent, account.id, { fileName: 'banreservas-2026-10.csv', fileType: 'text/csv', content, mapping: BANRESERVAS_MAPPING }, 'statement-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ format: 'csv', imported: 6, duplicates: 0 });
    expect(first.body.lines.map((line: Line) => [line.date, line.amount, line.balance, line.reference])).toEqual([
      ['2026-10-01', 850_000, 10_850_000, '55501234'],
      ['2026-10-03', 400_000, 11_250_000, null],
      ['2026-10-05', -1_234_567, 10_015_433, '778899'],
      ['2026-10-05', -35_000, 9_980_433, null],
      ['2026-10-10', 850_000, 10_830_433, '7771'],
      ['2026-10-15', 1_234, 10_831_667, null],
    ]);
    expect(first.body.lines[1].description).toBe('DEPÓSITO EN EFECTIVO SUCURSAL NACO');
    expect(await eventsOf('bank.statement_imported', account.id)).toHaveLength(1);
    const replayed = await upload(agent, account.id, { fileName: 'banreservas-2026-10.csv', fileType: 'text/csv', content, mapping: BANRESERVAS_MAPPING }, 'statement-0001');
    expect(replayed.status).toBe(200);

    // The same file again, now without a mapping (the account remembers it): nothing added.
    const again = await upload(agent, account.id, { fileName: 'copia.csv', content });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ imported: 0, duplicates: 6, lines: [] });
    expect(await db()('bankLines').where({ bankAccountId: account.id })).toHaveLength(6);
    expect((await agent.get(`/api/properties/${property.id}/bank-accounts`).expect(200)).body[0].mapping).toMatchObject({ date: 'Fecha', decimal: 'comma' });
  });

  it('imports a Popular CSV with débito and crédito columns, and an OFX; equal lines of one file stay two', async () => {
    const { agent, property } = await bankWorld();
    const popular = (await createAccount(agent, property.id, { bank: 'popular', last4: '8765', openingBalance: 5_000_000, openingDate: '2026-10-01' }).expect(201)).body;
    const imported = await upload(agent, popular.id, { fileName: 'popular-2026-10.csv', content: fixture('popular-2026-10.csv'), mapping: POPULAR_MAPPING });
    expect(imported.status).toBe(201);
    expect(imported.body.lines.map((line: Line) => [line.date, line.amount, line.balance])).toEqual([
      ['2026-10-02', -1_500_000, 3_500_000],
      ['2026-10-02', -15_000, 3_485_000],
      ['2026-10-04', -15_000, 3_470_000],
      ['2026-10-06', 250_000, 3_720_000],
    ]);

    const bhd = (await createAccount(agent, property.id, { bank: 'bhd', last4: '2468', openingBalance: 2_000_000, openingDate: '2026-10-01' }).expect(201)).body;
    const ofx = await upload(agent, bhd.id, { fileName: 'bhd-2026-10.ofx', fileType: 'application/x-ofx', content: fixture('bhd-2026-10.ofx') });
    expect(ofx.status).toBe(201);
    expect(ofx.body.format).toBe('ofx');
    expect(ofx.body.lines.map((line: Line) => [line.date, line.amount, line.reference, line.description])).toEqual([
      ['2026-10-07', 850_000, 'BHD202610070001', 'TRANSFERENCIA APTO 3B CUOTA OCTUBRE'],
      ['2026-10-12', -295_050, '000457', 'PAGO JARDINERIA VERDE & CIA'],
      ['2026-10-31', -17_500, 'BHD202610310003', 'COMISION MENSUAL'],
    ]);
    expect((await upload(agent, bhd.id, { fileName: 'bhd.ofx', content: fixture('bhd-2026-10.ofx') })).body).toMatchObject({ imported: 0, duplicates: 3 });

    const twice = Buffer.from('date,what,amount\n2026-10-20,Comision,-50.00\n2026-10-20,Comision,-50.00\n').toString('base64');
    const mapping = { date: 'date', description: 'what', amount: 'amount', dateFormat: 'yyyy-mm-dd', decimal: 'dot' };
    expect((await upload(agent, bhd.id, { fileName: 'fees.csv', content: twice, mapping })).body).toMatchObject({ imported: 2, duplicates: 0 });
    expect((await upload(agent, bhd.id, { fileName: 'fees.csv', content: twice })).body).toMatchObject({ imported: 0, duplicates: 2 });
  });

  it('refuses files that are not statements (400) and ones over 2 MB (413)', async () => {
    const { agent, property } = await bankWorld();
    const account = (await createAccount(agent, property.id).expect(201)).body;
    const mapping = BANRESERVAS_MAPPING;
    const refused = async (body: Record<string, unknown>, status = 400) => {
      const answer = await upload(agent, account.id, { fileName: 'estado.csv', mapping, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer.body;
    };
    expect((await refused({ content: 'no es base64!' })).fields.content).toBe('El archivo no es un CSV u OFX legible');
    expect((await refused({ content: PNG_PROOF.toString('base64') })).fields.fileType).toBe('Suba el estado de cuenta en CSV u OFX');
    expect((await refused({ fileName: 'estado.pdf', content: Buffer.from('Fecha;Monto\n').toString('base64') })).fields.fileType).toBe('Suba el estado de cuenta en CSV u OFX');
    expect((await refused({ fileName: 'estado.ofx', content: Buffer.from('Fecha;Monto\n').toString('base64') })).fields.content).toBeDefined();
    const badDate = Buffer.from('Fecha;Descripción;Referencia;Monto;Balance\n31/02/2026;X;;1,00;1,00\n').toString('base64');
    expect((await refused({ content: badDate })).message).toBe('Fila 2: Seleccione el formato de fecha');
    const badAmount = Buffer.from('Fecha;Descripción;Referencia;Monto;Balance\n01/10/2026;X;;uno;1,00\n').toString('base64');
    expect((await refused({ content: badAmount })).message).toBe('Fila 2: Seleccione el formato de los montos');
    expect((await refused({ content: Buffer.from('Fecha;Descripción;Referencia;Monto;Balance\n').toString('base64') })).fields.content).toBe('El archivo no tiene movimientos');
    expect((await refused({ mapping: { ...mapping, amount: null }, content: fixture('banreservas-2026-10.csv') })).fields['mapping.amount']).toBe('Indique una columna de monto con signo, o las de débito y crédito');
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'a').toString('base64');
    expect((await refused({ content: big }, 413)).message).toBe('El estado de cuenta supera los 2 MB');
    const huge = Buffer.alloc(4 * 1024 * 1024, 'a').toString('base64');
    expect((await refused({ content: huge }, 413)).message).toBe('El estado de cuenta supera los 2 MB');
    expect(await db()('bankLines').where({ bankAccountId: account.id })).toHaveLength(0);
  });
});

/** The Banreservas month: an account receiving the units' payments, its book entries and its statement. */
async function reconcilingWorld() {
  const world = await bankWorld();
  const { agent, property, operating } = world;
  const account = (await createAccount(agent, property.id, { receivesPayments: true }).expect(201)).body;
  const paymentA = await payment(world, { amount: 850_000, method: 'bank_transfer', receivedAt: '2026-10-01', reference: 'TRF 555-0123-4' });
  const paymentB = await payment(world, { amount: 400_000, method: 'cash', receivedAt: '2026-10-02' });
  const paymentC = await payment(world, { amount: 850_000, method: 'bank_transfer', receivedAt: '2026-10-12' });
  const paymentF = await payment(world, { amount: 850_000, method: 'bank_transfer', receivedAt: '2026-10-01', reference: '99999999' });
  const electricity = await paidExpense(agent, property.id, operating.id, { amount: 1_234_567, paidAt: '2026-10-04', bankAccountId: account.id, reference: 'FACT 778899' });
  await upload(agent, account.id, { fileName: 'banreservas-2026-10.csv', content: fixture('banreservas-2026-10.csv'), mapping: BANRESERVAS_MAPPING }).expect(201);
  const lines = await linesOf(agent, account.id);
  return { ...world, account, lines, paymentA, paymentB, paymentC, paymentF, electricity };
}

describe('matching and reconciliation', () => {
  it('suggests one book entry per line: same amount, agreeing reference digits, within 3 days', async () => {
    const { lines, paymentA, paymentC, electricity } = await reconcilingWorld();
    expect(lines.map((line) => line.suggestion && [line.suggestion.kind, line.suggestion.id])).toEqual([
      ['payment', paymentA], // 55501234 agrees with "TRF 555-0123-4"; F's 99999999 does not
      null, // cash is not in the bank until matched
      ['expense_payment', electricity.paymentId],
      null,
      ['payment', paymentC], // 2 days later, no reference
      null,
    ]);
    expect(lines.every((line) => line.status === 'unmatched' && line.matched === null)).toBe(true);
  });

  it('matches, unmatches and creates from lines; the month reconciles to the centavo', async () => {
    const world = await reconcilingWorld();
    const { agent, account, lines, paymentA, paymentB, paymentC, paymentF, electricity, operating, property } = world;
    const before = (await agent.get(`/api/bank-accounts/${account.id}/reconciliation?month=2026-10`).expect(200)).body;
    expect(before).toMatchObject({ bankClosing: 10_831_667, bookClosing: 11_315_433, difference: -483_766, reconciled: null });
    expect(before.unreconciled.bankTotal - before.unreconciled.bookTotal).toBe(before.difference);
    expect(before.unreconciled.bank).toHaveLength(6);

    const match = (line: Line, body: Record<string, unknown>, key?: string) => {
      const request = agent.post(`/api/bank-lines/${line.id}/match`);
      if (key) request.set('Idempotency-Key', key);
      return request.send(body);
    };
    const first = await match(lines[0], { paymentId: paymentA });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'matched', matched: { kind: 'payment', id: paymentA, amount: 850_000 }, suggestion: null });
    expect(await eventsOf('bank.line_matched', lines[0].id)).toHaveLength(1);
    expect((await match(lines[0], { paymentId: paymentF })).status).toBe(409); // the line is matched
    expect((await match(lines[4], { paymentId: paymentA })).status).toBe(409); // the payment is matched
    expect((await match(lines[2], { paymentId: paymentC })).status).toBe(409); // money in is not money out
    expect((await match(lines[4], { paymentId: paymentC, expensePaymentId: electricity.paymentId })).status).toBe(400);
    const strangerPayment = await payment(await bankWorld(), { amount: 850_000, method: 'bank_transfer', receivedAt: '2026-10-10' });
    expect((await match(lines[4], { paymentId: strangerPayment })).status).toBe(404);

    expect((await match(lines[1], { paymentId: paymentB })).status).toBe(201); // cash deposited
    expect((await match(lines[2], { expensePaymentId: electricity.paymentId })).status).toBe(201);
    expect((await match(lines[4], { paymentId: paymentC })).status).toBe(201);

    const fee = await match(lines[3], { create: { kind: 'expense', fundId: operating.id, category: 'bank_fees' } }, 'create-fee-0001');
    expect(fee.status).toBe(201);
    expect(fee.body.matched).toMatchObject({ kind: 'expense_payment', amount: -35_000 });
    const feeAgain = await match(lines[3], { create: { kind: 'expense', fundId: operating.id, category: 'bank_fees' } }, 'create-fee-0001');
    expect(feeAgain.status).toBe(200);
    const feeExpense = await db()('expenses').where({ propertyId: property.id, category: 'bank_fees' });
    expect(feeExpense).toHaveLength(1);
    expect(feeExpense[0]).toMatchObject({ status: 'paid', amount: 35_000, issueDate: '2026-10-05', description: 'COMISIÓN MANEJO DE CUENTA' });
    expect((await match(lines[5], { create: { kind: 'expense', fundId: operating.id, category: 'other' } })).status).toBe(409);
    const interest = await match(lines[5], { create: { kind: 'income', fundId: operating.id, description: 'Intereses octubre' } });
    expect(interest.status, JSON.stringify(interest.body)).toBe(201);
    expect(interest.body.matched).toMatchObject({ kind: 'income', amount: 1_234, description: 'Intereses octubre' });
    expect(await db()('events').where({ type: 'income.recorded', subjectId: interest.body.matched.id })).toHaveLength(1);

    const after = (await agent.get(`/api/bank-accounts/${account.id}/reconciliation?month=2026-10`).expect(200)).body;
    expect(after).toMatchObject({ bankClosing: 10_831_667, bookClosing: 11_681_667, difference: -850_000 });
    expect(after.unreconciled.bank).toEqual([]);
    expect(after.unreconciled.book).toEqual([expect.objectContaining({ kind: 'payment', id: paymentF, amount: 850_000 })]);
    const refused = await agent.post(`/api/bank-accounts/${account.id}/reconciliation`).send({ month: '2026-10' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('El mes tiene una diferencia entre banco y libros: no se puede marcar conciliado');
    expect((await linesOf(agent, account.id, 'month=2026-10&status=unmatched'))).toEqual([]);
    expect((await linesOf(agent, account.id, 'month=2026-10&status=matched'))).toHaveLength(6);

    // The fee and the interest moved the operating fund (other incomes count in its balance).
    const [fund] = (await agent.get(`/api/properties/${property.id}/funds`).expect(200)).body as Fund[];
    expect(fund.balance).toBe(-1_234_567 - 35_000 + 1_234);

    const unmatched = await agent.delete(`/api/bank-lines/${lines[4].id}/match`);
    expect(unmatched.status).toBe(200);
    expect(unmatched.body).toMatchObject({ status: 'unmatched', matched: null, suggestion: { kind: 'payment', id: paymentC } });
    expect(await eventsOf('bank.line_unmatched', lines[4].id)).toHaveLength(1);
    expect((await agent.delete(`/api/bank-lines/${lines[4].id}/match`)).status).toBe(409);
    const reopened = (await agent.get(`/api/bank-accounts/${account.id}/reconciliation?month=2026-10`).expect(200)).body;
    expect(reopened.unreconciled.bank.map((line: Line) => line.id)).toEqual([lines[4].id]);
    expect(reopened.unreconciled.bankTotal - reopened.unreconciled.bookTotal).toBe(reopened.difference);

    // Voiding the electricity bill takes its payment out of the book: its line is unreconciled again.
    await agent.post(`/api/expenses/${electricity.expenseId}/void`).send({ reason: 'Factura duplicada' }).expect(200);
    const voided = (await agent.get(`/api/bank-accounts/${account.id}/reconciliation?month=2026-10`).expect(200)).body;
    expect(voided.unreconciled.bank.map((line: Line) => line.id)).toEqual([lines[2].id, lines[4].id]);
    expect(voided.bookClosing).toBe(reopened.bookClosing + 1_234_567);
    expect(voided.unreconciled.bankTotal - voided.unreconciled.bookTotal).toBe(voided.difference);
  });

  it('marks a month reconciled when bank and books agree, with who and when', async () => {
    const { agent, property, operating, admin } = await bankWorld();
    const account = (await createAccount(agent, property.id, { bank: 'popular', last4: '8765', openingBalance: 5_000_000, openingDate: '2026-10-01' }).expect(201)).body;
    const elevator = await paidExpense(agent, property.id, operating.id, { amount: 1_500_000, paidAt: '2026-10-02', bankAccountId: account.id, reference: 'CHK-1001' });
    const lines = (await upload(agent, account.id, { fileName: 'popular-2026-10.csv', content: fixture('popular-2026-10.csv'), mapping: POPULAR_MAPPING }).expect(201)).body.lines as Line[];
    const listed = await linesOf(agent, account.id);
    expect(listed[0].suggestion).toMatchObject({ kind: 'expense_payment', id: elevator.paymentId });
    await agent.post(`/api/bank-lines/${lines[0].id}/match`).send({ expensePaymentId: listed[0].suggestion!.id }).expect(201);
    for (const line of lines.slice(1, 3)) await agent.post(`/api/bank-lines/${line.id}/match`).send({ create: { kind: 'expense', fundId: operating.id, category: 'bank_fees' } }).expect(201);
    await agent.post(`/api/bank-lines/${lines[3].id}/match`).send({ create: { kind: 'income', fundId: operating.id } }).expect(201);
    const figures = (await agent.get(`/api/bank-accounts/${account.id}/reconciliation?month=2026-10`).expect(200)).body;
    expect(figures).toMatchObject({ bankClosing: 3_720_000, bookClosing: 3_720_000, difference: 0, unreconciled: { bank: [], book: [], bankTotal: 0, bookTotal: 0 } });
    const marked = await agent.post(`/api/bank-accounts/${account.id}/reconciliation`).send({ month: '2026-10' });
    expect(marked.status).toBe(201);
    expect(marked.body.reconciled).toMatchObject({ byId: admin.id });
    expect(await db()('events').where({ type: 'bank.month_reconciled', subjectId: account.id })).toHaveLength(1);
    expect((await agent.post(`/api/bank-accounts/${account.id}/reconciliation`).send({ month: '2026-10' })).status).toBe(409);
    // The expenses and the income created from lines are in the books like any other.
    await checkBooks(property.id, ['2026-09-30', '2026-10-31']);
    // The owners' monthly report tells the month's reconciliation of the account.
    const report = (await agent.get(`/api/properties/${property.id}/reports/monthly?month=2026-10`).expect(200)).body;
    expect(report.bankReconciliation).toEqual([
      { bankAccountId: account.id, bank: 'popular', last4: '8765', bankClosing: 3_720_000, bookClosing: 3_720_000, difference: 0, reconciled: true },
    ]);
    expect((await agent.post(`/api/bank-accounts/${account.id}/reconciliation`).send({ month: '2026-13' })).status).toBe(400);
    expect((await agent.get(`/api/bank-accounts/${account.id}/reconciliation`)).status).toBe(400);
  });

  it('suggests for a 2,000-line statement in one pass, each entry to one line', async () => {
    const world = await bankWorld();
    const { agent, property } = world;
    const account = (await createAccount(agent, property.id, { receivesPayments: true }).expect(201)).body;
    const unit = await createUnit({ propertyId: property.id });
    const rows = Array.from({ length: 2000 }, (_, index) => ({ day: `2026-10-${String(1 + (index % 28)).padStart(2, '0')}`, amount: 100_000 + (index % 500) * 100 }));
    await db()('payments').insert(
      rows.map((row, index) => ({
        organizationId: world.organization.id,
        propertyId: property.id,
        unitId: unit.id,
        amount: row.amount,
        method: 'bank_transfer',
        receivedAt: row.day,
        status: 'confirmed',
        receiptNumber: `BULK-${index}`,
        recordedById: world.admin.id,
      })),
    );
    const csv = ['fecha,detalle,monto', ...rows.map((row, index) => `${row.day},Transferencia ${index},${(row.amount / 100).toFixed(2)}`)].join('\n');
    const mapping = { date: 'fecha', description: 'detalle', amount: 'monto', dateFormat: 'yyyy-mm-dd', decimal: 'dot' };
    expect((await upload(agent, account.id, { fileName: 'octubre.csv', content: Buffer.from(csv).toString('base64'), mapping })).body.imported).toBe(2000);
    const started = Date.now();
    const response = await agent.get(`/api/bank-accounts/${account.id}/lines?month=2026-10`).expect(200);
    const elapsed = Date.now() - started;
    const lines = response.body as Line[];
    expect(response.headers['x-total-count']).toBe('2000');
    expect(lines.filter((line) => line.suggestion)).toHaveLength(2000);
    expect(new Set(lines.map((line) => line.suggestion!.id)).size).toBe(2000);
    expect(lines.every((line) => line.suggestion!.amount === line.amount)).toBe(true);
    expect(elapsed).toBeLessThan(5000);
    const page = await agent.get(`/api/bank-accounts/${account.id}/lines?month=2026-10&limit=50&offset=100`).expect(200);
    expect(page.body).toHaveLength(50);
    expect(page.headers['x-total-count']).toBe('2000');
    // A page shows what the whole month does: its lines' suggestions are decided with every line of the month.
    const whole = new Map(lines.map((line) => [line.id, line.suggestion]));
    expect((page.body as Line[]).map((line) => [line.id, line.suggestion])).toEqual((page.body as Line[]).map((line) => [line.id, whole.get(line.id)]));
    expect((page.body as Line[]).map((line) => line.id)).toEqual(lines.slice(100, 150).map((line) => line.id));
  });

  it('a property with statement lines is not deleted (409); one with only an empty account is', async () => {
    const { agent, property } = await bankWorld();
    const account = (await createAccount(agent, property.id).expect(201)).body;
    await upload(agent, account.id, { fileName: 'bhd.ofx', content: fixture('bhd-2026-10.ofx') }).expect(201);
    const refused = await agent.delete(`/api/properties/${property.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar la propiedad: tiene gastos o movimientos de fondos registrados');
    expect(await db()('bankLines').where({ bankAccountId: account.id })).toHaveLength(3);
    const empty = await createProperty({ organizationId: property.organizationId });
    await createAccount(agent, empty.id).expect(201);
    expect((await agent.delete(`/api/properties/${empty.id}`)).status).toBe(200);
    expect(await db()('bankAccounts').where({ propertyId: empty.id })).toHaveLength(0);
  });

  it('answers 401 without a session, 403 to owners, residents and suppliers, 404 for another organization', async () => {
    const { account, lines, property, organization, paymentF } = await reconcilingWorld();
    expect((await (await client()).get(`/api/bank-accounts/${account.id}/lines`)).status).toBe(401);
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    const strangerAgent = (await adminWorld()).agent;
    const calls = (other: Agent) => [
      other.get(`/api/properties/${property.id}/bank-accounts`),
      other.post(`/api/properties/${property.id}/bank-accounts`).send({ bank: 'bhd', last4: '1234', openingDate: '2026-10-01' }),
      other.patch(`/api/bank-accounts/${account.id}`).send({ last4: '0000' }),
      other.post(`/api/bank-accounts/${account.id}/statements`).send({ fileName: 'bhd.ofx', content: fixture('bhd-2026-10.ofx') }),
      other.get(`/api/bank-accounts/${account.id}/lines`),
      other.post(`/api/bank-lines/${lines[0].id}/match`).send({ paymentId: paymentF }),
      other.delete(`/api/bank-lines/${lines[0].id}/match`),
      other.get(`/api/bank-accounts/${account.id}/reconciliation?month=2026-10`),
      other.post(`/api/bank-accounts/${account.id}/reconciliation`).send({ month: '2026-10' }),
    ];
    for (const user of [resident, owner, supplier]) {
      const other = await signedIn(user);
      for (const call of calls(other)) expect((await call).status).toBe(403);
    }
    for (const call of calls(strangerAgent)) expect((await call).status).toBe(404);
    expect(await db()('bankLines').where({ bankAccountId: account.id }).whereNotNull('matchedAt')).toHaveLength(0);
  });
});
