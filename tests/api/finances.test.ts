import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { DEFAULT_CHART, DEFAULT_CHART_ENGLISH } from '../../shared/books';
import { adminWorld, createOrganization, createProperty, createResident, createUser, eventsOf, signedIn } from '../support/factories';
import { day } from '../support/billing';
import { client, testApp } from '../support/services';

await testApp();

type Agent = Awaited<ReturnType<typeof signedIn>>;
type Fund = { id: number; kind: string; name: string; balance: number; openingBalance: number; openingDate: string };

const funds = async (agent: Agent, propertyId: number, date?: string) =>
  (await agent.get(`/api/properties/${propertyId}/funds${date ? `?date=${date}` : ''}`).expect(200)).body as Fund[];

const transfer = (agent: Agent, fields: Record<string, unknown>, key?: string) => {
  const request = agent.post('/api/funds/transfers');
  if (key) request.set('Idempotency-Key', key);
  return request.send({ amount: 10_000, date: day(0), description: 'Aporte al fondo de reserva', ...fields });
};

describe('funds', () => {
  it('every property has its operating and reserve fund, existing and new ones alike', async () => {
    const { agent, property, organization } = await adminWorld();
    const listed = await funds(agent, property.id);
    expect(listed.map((fund) => fund.kind)).toEqual(['operating', 'reserve']);
    expect(listed.map((fund) => fund.balance)).toEqual([0, 0]);
    const created = await agent.post('/api/properties').send({ name: 'Residencial Las Palmas', address: 'Calle 5', country: 'DO', city: 'DO-santo-domingo' });
    expect(created.status).toBe(201);
    expect((await funds(agent, created.body.id)).map((fund) => [fund.kind, fund.name])).toEqual([
      ['operating', 'Fondo operativo'],
      ['reserve', 'Fondo de reserva'],
    ]);
    expect(await db()('funds').where({ organizationId: organization.id })).toHaveLength(4);
  });

  it("names the default funds and chart of accounts in the organization's language, and renames the untouched ones when it changes", async () => {
    // Every default account has its English name.
    expect(DEFAULT_CHART.filter((account) => !DEFAULT_CHART_ENGLISH[account.key])).toEqual([]);
    const { agent, property, organization } = await adminWorld();
    const names = async (propertyId: number) => (await funds(agent, propertyId)).map((fund) => fund.name);
    const chart = async () => Object.fromEntries(((await agent.get('/api/accounts').expect(200)).body as Array<{ key: string | null; name: string }>).map((account) => [account.key, account.name]));
    expect(await names(property.id)).toEqual(['Fondo operativo', 'Fondo de reserva']);
    expect(await chart()).toEqual(Object.fromEntries(DEFAULT_CHART.map((account) => [account.key, account.name])));
    const renamed = (await funds(agent, property.id))[1];
    await agent.patch(`/api/funds/${renamed.id}`).send({ name: 'Reserva para el techo' }).expect(200);
    const bank = (await db()('accounts').where({ organizationId: organization.id, key: 'bank' }).first('id')).id;
    await agent.patch(`/api/accounts/${bank}`).send({ name: 'Banco Popular' }).expect(200);

    const settings = (await agent.get('/api/settings').expect(200)).body;
    expect(settings.language).toBe('es');
    const refused = await agent.put('/api/settings').send({ language: 'fr', version: settings.version });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ language: 'Idioma no disponible' });
    const english = await agent.put('/api/settings').send({ language: 'en', version: settings.version });
    expect(english.status, english.text).toBe(200);
    expect(english.body.language).toBe('en');
    // The defaults nobody renamed now speak English; the ones renamed keep their names.
    expect(await names(property.id)).toEqual(['Operating fund', 'Reserva para el techo']);
    expect(await chart()).toEqual({ ...DEFAULT_CHART_ENGLISH, bank: 'Banco Popular' });
    // A property added now has its funds in English.
    const created = (await agent.post('/api/properties').send({ name: 'Ocean Tower', address: 'Calle 5', country: 'DO', city: 'DO-santo-domingo' }).expect(201)).body;
    expect(await names(created.id)).toEqual(['Operating fund', 'Reserve fund']);
    // An organization created in English starts with its chart in English.
    const born = await createOrganization({ settings: { language: 'en' } });
    expect(await db()('accounts').where({ organizationId: born.id, key: 'payables' }).first('name')).toEqual({ name: 'Payables to suppliers' });
    // Back to Spanish: the same way back (a fund is not renamed onto the name of another fund of its property).
    await agent.post(`/api/properties/${created.id}/funds`).send({ name: 'Fondo de reserva', openingDate: day(0) }).expect(201);
    const spanish = await agent.put('/api/settings').send({ language: 'es', version: english.body.version });
    expect(spanish.status).toBe(200);
    expect(await names(property.id)).toEqual(['Fondo operativo', 'Reserva para el techo']);
    expect(await names(created.id)).toEqual(['Fondo operativo', 'Reserve fund', 'Fondo de reserva']);
    expect(await chart()).toEqual({ ...Object.fromEntries(DEFAULT_CHART.map((account) => [account.key, account.name])), bank: 'Banco Popular' });
  });

  it('administrators add funds with an opening balance and date; the balance counts from that date', async () => {
    const { agent, property } = await adminWorld();
    const created = await agent.post(`/api/properties/${property.id}/funds`).send({ name: 'Fondo de pintura 2027', openingBalance: 1_234_567, openingDate: day(-10) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'other', name: 'Fondo de pintura 2027', openingBalance: 1_234_567, openingDate: day(-10), balance: 1_234_567 });
    expect(await eventsOf('fund.created', created.body.id)).toHaveLength(1);
    const before = await funds(agent, property.id, day(-11));
    expect(before.find((fund) => fund.id === created.body.id)!.balance).toBe(0);
    const same = await agent.post(`/api/properties/${property.id}/funds`).send({ name: 'fondo de PINTURA 2027', openingDate: day(0) });
    expect(same.status).toBe(409);
    expect(same.body.fields.name).toBe('Ya existe un fondo con ese nombre en la propiedad');
    const patched = await agent.patch(`/api/funds/${created.body.id}`).send({ openingBalance: 50_000 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ openingBalance: 50_000, balance: 50_000 });
  });

  it('refuses bad input with field errors', async () => {
    const { agent, property } = await adminWorld();
    const refused = await agent.post(`/api/properties/${property.id}/funds`).send({ name: '', openingBalance: 10.5, openingDate: '2026-02-30' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields).sort()).toEqual(['name', 'openingBalance', 'openingDate']);
    expect((await agent.get(`/api/properties/${property.id}/funds?date=ayer`)).status).toBe(400);
  });

  it('transfers move exact centavos between funds of one property, once per Idempotency-Key', async () => {
    const { agent, property } = await adminWorld();
    const [operating, reserve] = await funds(agent, property.id);
    await agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 500_000, openingDate: day(-30) }).expect(200);
    const first = await transfer(agent, { fromFundId: operating.id, toFundId: reserve.id, amount: 123_456, date: day(-2) }, 'transfer-key-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ fromFundId: operating.id, toFundId: reserve.id, amount: 123_456, date: day(-2) });
    const again = await transfer(agent, { fromFundId: operating.id, toFundId: reserve.id, amount: 123_456, date: day(-2) }, 'transfer-key-0001');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await transfer(agent, { fromFundId: operating.id, toFundId: reserve.id, amount: 1, date: day(-2) }, 'transfer-key-0001');
    expect(reused.status).toBe(409);
    expect(await db()('fundTransfers').where({ propertyId: property.id })).toHaveLength(1);
    expect(await eventsOf('fund.transferred', first.body.id)).toHaveLength(1);

    expect((await funds(agent, property.id)).map((fund) => fund.balance)).toEqual([500_000 - 123_456, 123_456]);
    expect((await funds(agent, property.id, day(-3))).map((fund) => fund.balance)).toEqual([500_000, 0]);

    const same = await transfer(agent, { fromFundId: reserve.id, toFundId: reserve.id });
    expect(same.status).toBe(400);
    expect(same.body.fields.toFundId).toBe('Elija un fondo distinto del de origen');
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const [otherOperating] = await funds(agent, elsewhere.id);
    const across = await transfer(agent, { fromFundId: operating.id, toFundId: otherOperating.id });
    expect(across.status).toBe(400);
    expect(across.body.fields.toFundId).toBe('Los dos fondos deben ser de la misma propiedad');
    const bad = await transfer(agent, { fromFundId: operating.id, toFundId: reserve.id, amount: -5, date: 'hoy', description: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['amount', 'date', 'description']);
  });

  it('answers 401 without a session, 403 to owners, residents and suppliers, 404 for another organization', async () => {
    expect((await (await client()).get('/api/suppliers')).status).toBe(401);
    const { agent, property, organization } = await adminWorld();
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    const [operating, reserve] = await funds(agent, property.id);
    for (const user of [resident, owner, supplier]) {
      const other = await signedIn(user);
      expect((await other.get(`/api/properties/${property.id}/funds`)).status).toBe(403);
      expect((await other.post(`/api/properties/${property.id}/funds`).send({ name: 'X', openingDate: day(0) })).status).toBe(403);
      expect((await other.patch(`/api/funds/${operating.id}`).send({ name: 'X' })).status).toBe(403);
      expect((await transfer(other, { fromFundId: operating.id, toFundId: reserve.id })).status).toBe(403);
    }
    const stranger = (await adminWorld()).agent;
    expect((await stranger.get(`/api/properties/${property.id}/funds`)).status).toBe(404);
    expect((await stranger.patch(`/api/funds/${operating.id}`).send({ name: 'Mío' })).status).toBe(404);
    expect((await transfer(stranger, { fromFundId: operating.id, toFundId: reserve.id })).status).toBe(404);
    expect((await funds(agent, property.id)).map((fund) => fund.name)).toEqual(['Fondo operativo', 'Fondo de reserva']);
  });
});

describe('suppliers', () => {
  it('creates, lists, reads and edits the organization suppliers, with the RNC or cédula checked', async () => {
    const { agent, organization } = await adminWorld();
    const created = await agent.post('/api/suppliers').send({ name: 'Ascensores del Caribe SRL', taxId: '1-31-24679-6', phone: '809-555-1234', email: 'Ventas@Ascensores.do', category: 'elevators' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ascensores del Caribe SRL', taxId: '131246796', email: 'ventas@ascensores.do', category: 'elevators', notes: null });
    expect(await eventsOf('supplier.created', created.body.id)).toHaveLength(1);
    const person = await agent.post('/api/suppliers').send({ name: 'Juan Pérez (jardinero)', taxId: '001-1391820-5' });
    expect(person.body.taxId).toBe('00113918205');

    const list = await agent.get('/api/suppliers?limit=1');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((row: { name: string }) => row.name)).toEqual(['Ascensores del Caribe SRL']);
    expect((await agent.get('/api/suppliers?q=131246')).body).toHaveLength(1);
    expect((await agent.get(`/api/suppliers/${person.body.id}`)).body.name).toBe('Juan Pérez (jardinero)');

    const patched = await agent.patch(`/api/suppliers/${created.body.id}`).send({ notes: 'Contrato anual', phone: '' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ notes: 'Contrato anual', phone: null, taxId: '131246796' });
    expect(await db()('suppliers').where({ organizationId: organization.id })).toHaveLength(2);
  });

  it('refuses a wrong check digit and a missing name with field errors', async () => {
    const { agent } = await adminWorld();
    const wrong = await agent.post('/api/suppliers').send({ name: '', taxId: '131246797', email: 'no' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toMatchObject({
      name: 'Indique el nombre del proveedor',
      taxId: 'RNC o cédula no válido: el RNC tiene 9 dígitos y la cédula 11, con su dígito verificador',
    });
    expect(wrong.body.fields.email).toBeTruthy();
    expect((await agent.post('/api/suppliers').send({ name: 'Otro', taxId: '0011391820' })).status).toBe(400);
  });

  it('are the administrators own: 403 to other roles, 404 for another organization', async () => {
    const { agent, property, organization } = await adminWorld();
    const created = (await agent.post('/api/suppliers').send({ name: 'Limpieza Total' })).body;
    const { user: resident } = await createResident({ property });
    const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id });
    for (const user of [resident, supplier]) {
      const other = await signedIn(user);
      expect((await other.get('/api/suppliers')).status).toBe(403);
      expect((await other.get(`/api/suppliers/${created.id}`)).status).toBe(403);
      expect((await other.post('/api/suppliers').send({ name: 'X' })).status).toBe(403);
    }
    const stranger = (await adminWorld()).agent;
    expect((await stranger.get(`/api/suppliers/${created.id}`)).status).toBe(404);
    expect((await stranger.patch(`/api/suppliers/${created.id}`).send({ name: 'Mío' })).status).toBe(404);
    const theirs = await stranger.get('/api/suppliers');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
  });
});
