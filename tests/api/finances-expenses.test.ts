import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { adminWorld, createMaintenanceRequest, createProperty, createResident, createUser, eventsOf, signedIn } from '../support/factories';
import { day } from '../support/billing';
import { testApp } from '../support/services';

await testApp();

type Agent = Awaited<ReturnType<typeof signedIn>>;
type Fund = { id: number; kind: string; balance: number };

async function financesWorld() {
  const world = await adminWorld({ name: 'Administradora Caribe' });
  const [operating, reserve] = (await world.agent.get(`/api/properties/${world.property.id}/funds`).expect(200)).body as Fund[];
  await world.agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 1_000_000, openingDate: day(-60) }).expect(200);
  const supplier = (await world.agent.post('/api/suppliers').send({ name: 'EDESUR Dominicana', taxId: '101010632' }).expect(201)).body;
  return { ...world, operating, reserve, supplier };
}

const expense = (agent: Agent, fields: Record<string, unknown>, key?: string) => {
  const request = agent.post('/api/expenses');
  if (key) request.set('Idempotency-Key', key);
  return request.send({ category: 'electricity', issueDate: day(-5), amount: 250_050, itbis: 45_009, description: 'Factura de luz áreas comunes', ...fields });
};

const pay = (agent: Agent, id: number, fields: Record<string, unknown> = {}, key?: string) => {
  const request = agent.post(`/api/expenses/${id}/payments`);
  if (key) request.set('Idempotency-Key', key);
  return request.send({ amount: 100_000, paidAt: day(-1), method: 'bank_transfer', reference: 'TRF-0001', ...fields });
};

const balances = async (agent: Agent, propertyId: number, date?: string) =>
  ((await agent.get(`/api/properties/${propertyId}/funds${date ? `?date=${date}` : ''}`).expect(200)).body as Fund[]).map((fund) => fund.balance);

describe('expenses', () => {
  it('records a pending expense with its ITBIS apart, its NCF checked, once per Idempotency-Key', async () => {
    const { agent, property, operating, supplier } = await financesWorld();
    const fields = { propertyId: property.id, fundId: operating.id, supplierId: supplier.id, ncf: 'b0100000123', invoiceNumber: 'F-889' };
    const created = await expense(agent, fields, 'expense-key-0001');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      propertyId: property.id,
      fundId: operating.id,
      fundName: 'Fondo operativo',
      supplierId: supplier.id,
      supplierName: 'EDESUR Dominicana',
      ncf: 'B0100000123',
      amount: 250_050,
      itbis: 45_009,
      total: 295_059,
      paidAmount: 0,
      balance: 295_059,
      status: 'pending',
      payments: [],
    });
    const again = await expense(agent, fields, 'expense-key-0001');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(created.body);
    expect(await db()('expenses').where({ propertyId: property.id })).toHaveLength(1);
    expect(await eventsOf('expense.created', created.body.id)).toHaveLength(1);
    const ecf = await expense(agent, { propertyId: property.id, fundId: operating.id, ncf: 'E310000000001', itbis: undefined });
    expect(ecf.status).toBe(201);
    expect(ecf.body).toMatchObject({ ncf: 'E310000000001', itbis: 0, total: 250_050 });
    // A pending expense takes nothing from its fund.
    expect(await balances(agent, property.id)).toEqual([1_000_000, 0]);
  });

  it('refuses bad input with field errors, and a fund, supplier or request of elsewhere with 404', async () => {
    const { agent, property, operating, organization } = await financesWorld();
    const bad = await expense(agent, { propertyId: property.id, fundId: operating.id, ncf: 'B0300000001', amount: 10.5, itbis: -1, issueDate: 'ayer', category: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ ncf: 'NCF no válido: B01, B02, B14 o B15 y 8 dígitos, o e-CF E31 a E47 y 10 dígitos' });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['amount', 'category', 'issueDate', 'itbis', 'ncf']);
    const neighbour = await createProperty({ organizationId: organization.id });
    const [neighbourFund] = (await agent.get(`/api/properties/${neighbour.id}/funds`)).body as Fund[];
    expect((await expense(agent, { propertyId: property.id, fundId: neighbourFund.id })).status).toBe(404);
    const request = await createMaintenanceRequest({ propertyId: neighbour.id });
    expect((await expense(agent, { propertyId: property.id, fundId: operating.id, maintenanceRequestId: request.id })).status).toBe(404);
    const stranger = await financesWorld();
    expect((await expense(agent, { propertyId: property.id, fundId: operating.id, supplierId: stranger.supplier.id })).status).toBe(404);
    expect((await expense(agent, { propertyId: stranger.property.id, fundId: stranger.operating.id })).status).toBe(404);
    const own = await createMaintenanceRequest({ propertyId: property.id });
    const linked = await expense(agent, { propertyId: property.id, fundId: operating.id, maintenanceRequestId: own.id });
    expect(linked.status).toBe(201);
    expect(linked.body.maintenanceRequestId).toBe(own.id);
  });

  it('takes partial payments, each a row, from its fund; paying more than owed is 409; the balance is opening minus rows', async () => {
    const { agent, property, operating } = await financesWorld();
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id })).body;
    const first = await pay(agent, created.id, { amount: 100_000, paidAt: day(-3) }, 'pay-key-00001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', paidAmount: 100_000, balance: 195_059 });
    expect(first.body.payments).toEqual([expect.objectContaining({ amount: 100_000, paidAt: day(-3), method: 'bank_transfer', fundId: operating.id })]);
    const replay = await pay(agent, created.id, { amount: 100_000, paidAt: day(-3) }, 'pay-key-00001');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await db()('expensePayments').where({ expenseId: created.id })).toHaveLength(1);

    const tooMuch = await pay(agent, created.id, { amount: 195_060 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.fields.amount).toBe('El pago supera lo pendiente del gasto');
    expect((await pay(agent, created.id, { amount: 0 })).status).toBe(400);

    const rest = await pay(agent, created.id, { amount: 195_059, paidAt: day(-1), method: 'check' });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ status: 'paid', paidAmount: 295_059, balance: 0 });
    expect(rest.body.payments).toHaveLength(2);
    expect(await eventsOf('expense.paid', created.id)).toHaveLength(2);
    expect((await pay(agent, created.id, { amount: 1 })).status).toBe(409);

    expect(await balances(agent, property.id)).toEqual([1_000_000 - 295_059, 0]);
    expect(await balances(agent, property.id, day(-2))).toEqual([1_000_000 - 100_000, 0]);
    expect(await balances(agent, property.id, day(-4))).toEqual([1_000_000, 0]);

    // Paid: no longer edited.
    const edit = await agent.patch(`/api/expenses/${created.id}`).send({ amount: 1 });
    expect(edit.status).toBe(409);
  });

  it('edits while pending and unpaid; voids with who, when and why, and a voided expense leaves the fund balance', async () => {
    const { agent, admin, property, operating, reserve } = await financesWorld();
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id })).body;
    const edited = await agent.patch(`/api/expenses/${created.id}`).send({ fundId: reserve.id, amount: 100_000, itbis: 18_000, ncf: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ fundId: reserve.id, fundName: 'Fondo de reserva', amount: 100_000, itbis: 18_000, total: 118_000, ncf: null });
    await pay(agent, created.id, { amount: 18_000 }).expect(201);
    expect(await balances(agent, property.id)).toEqual([1_000_000, -18_000]);

    expect((await agent.post(`/api/expenses/${created.id}/void`).send({ reason: '' })).status).toBe(400);
    const voided = await agent.post(`/api/expenses/${created.id}/void`).send({ reason: 'Factura duplicada' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'voided', voidReason: 'Factura duplicada', voidedById: admin.id, balance: 0 });
    expect(voided.body.voidedAt).toBeTruthy();
    expect(voided.body.payments).toHaveLength(1);
    expect(await balances(agent, property.id)).toEqual([1_000_000, 0]);
    expect((await agent.post(`/api/expenses/${created.id}/void`).send({ reason: 'Otra vez' })).status).toBe(409);
    expect((await pay(agent, created.id, { amount: 1 })).status).toBe(409);
    expect(await db()('expenses').where({ id: created.id })).toHaveLength(1);
    expect(await eventsOf('expense.voided', created.id)).toHaveLength(1);
  });

  it('keeps a property that has expenses or fund transfers: deleting it is 409 and nothing goes', async () => {
    const { agent, property, operating, reserve } = await financesWorld();
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id }).expect(201)).body;
    await pay(agent, created.id, { amount: 50_000 }).expect(201);
    await agent.post(`/api/expenses/${created.id}/void`).send({ reason: 'Factura duplicada' }).expect(200);
    const refused = await agent.delete(`/api/properties/${property.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No se puede eliminar la propiedad: tiene gastos o movimientos de fondos registrados');
    expect(await db()('expenses').where({ id: created.id })).toHaveLength(1);
    expect(await db()('expense_payments').where({ expenseId: created.id })).toHaveLength(1);

    const other = await createProperty({ organizationId: property.organizationId });
    const [from, to] = (await agent.get(`/api/properties/${other.id}/funds`).expect(200)).body as Fund[];
    await agent.post('/api/funds/transfers').send({ fromFundId: from.id, toFundId: to.id, amount: 1_000, date: day(-1), description: 'Aporte' }).expect(201);
    expect((await agent.delete(`/api/properties/${other.id}`)).status).toBe(409);
    expect(await db()('fund_transfers').where({ propertyId: other.id })).toHaveLength(1);
    expect(await db()('funds').where({ propertyId: other.id })).toHaveLength(2);
    expect(reserve.kind).toBe('reserve');
  });

  it('lists with filters, pagination and X-Total-Count, and reads one with its payments', async () => {
    const { agent, property, operating, reserve, supplier } = await financesWorld();
    const a = (await expense(agent, { propertyId: property.id, fundId: operating.id, supplierId: supplier.id, issueDate: day(-20), description: 'Luz de marzo' })).body;
    const b = (await expense(agent, { propertyId: property.id, fundId: reserve.id, category: 'repairs', issueDate: day(-10), description: 'Bomba de agua' })).body;
    const c = (await expense(agent, { propertyId: property.id, fundId: operating.id, category: 'Piscina', issueDate: day(-1), description: 'Cloro' })).body;
    await pay(agent, c.id, { amount: c.total }).expect(201);

    const page = await agent.get(`/api/expenses?propertyId=${property.id}&limit=2`);
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((row: { id: number }) => row.id)).toEqual([c.id, b.id]);
    expect((await agent.get(`/api/expenses?limit=2&offset=2`)).body.map((row: { id: number }) => row.id)).toEqual([a.id]);
    const ids = async (query: string) => (await agent.get(`/api/expenses?${query}`).expect(200)).body.map((row: { id: number }) => row.id);
    expect(await ids(`fundId=${reserve.id}`)).toEqual([b.id]);
    expect(await ids(`supplierId=${supplier.id}`)).toEqual([a.id]);
    expect(await ids('category=Piscina')).toEqual([c.id]);
    expect(await ids('status=paid')).toEqual([c.id]);
    expect(await ids(`from=${day(-15)}&to=${day(-5)}`)).toEqual([b.id]);
    expect(await ids('q=edesur')).toEqual([a.id]);
    expect(await ids('q=bomba')).toEqual([b.id]);
    expect((await agent.get('/api/expenses?status=lost')).status).toBe(400);

    const detail = await agent.get(`/api/expenses/${c.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: c.id, status: 'paid', payments: [expect.objectContaining({ amount: c.total })] });
  });

  it('is the administrators own: 403 to other roles, 404 for another organization', async () => {
    const { agent, property, operating, organization } = await financesWorld();
    const created = (await expense(agent, { propertyId: property.id, fundId: operating.id, description: 'Gasto secreto' })).body;
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    for (const user of [resident, owner, supplier]) {
      const other = await signedIn(user);
      expect((await other.get('/api/expenses')).status).toBe(403);
      expect((await other.get(`/api/expenses/${created.id}`)).status).toBe(403);
      expect((await expense(other, { propertyId: property.id, fundId: operating.id })).status).toBe(403);
      expect((await pay(other, created.id)).status).toBe(403);
      expect((await other.post(`/api/expenses/${created.id}/void`).send({ reason: 'x' })).status).toBe(403);
    }
    const stranger = (await financesWorld()).agent;
    expect((await stranger.get(`/api/expenses/${created.id}`)).status).toBe(404);
    expect((await stranger.patch(`/api/expenses/${created.id}`).send({ amount: 1 })).status).toBe(404);
    expect((await pay(stranger, created.id)).status).toBe(404);
    expect((await stranger.post(`/api/expenses/${created.id}/void`).send({ reason: 'x' })).status).toBe(404);
    expect((await stranger.get(`/api/expenses?propertyId=${property.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/expenses?fundId=${operating.id}`)).status).toBe(404);
    const theirs = await stranger.get('/api/expenses');
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain('Gasto secreto');
    expect((await agent.get(`/api/expenses/${created.id}`)).body.status).toBe('pending');
  });
});
