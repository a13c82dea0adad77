import { describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { User, type Unit } from '../../server/models';
import {
  adminWorld,
  createOrganization,
  createProperty,
  createResident,
  createUnit,
  createUser,
  eventsOf,
  signedIn,
} from '../support/factories';
import { PNG_PROOF, day, fetchBytes, pdfText } from '../support/billing';
import { client } from '../support/services';

type Agent = Awaited<ReturnType<typeof signedIn>>;

/** An organization with a signed-in administrator, a property and a unit where a resident lives. */
async function billingWorld() {
  const world = await adminWorld({ name: 'Administradora Caribe' });
  const { user: resident, unit } = await createResident({ property: world.property, user: { name: 'Rosa', lastName: 'Peña' } });
  return { ...world, resident, unit, residentAgent: await signedIn(resident) };
}

const charge = (agent: Agent, unit: Pick<Unit, 'id'>, fields: Record<string, unknown> = {}) =>
  agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: day(10), description: 'Cuota de mantenimiento', ...fields });

const pay = (agent: Agent, unit: Pick<Unit, 'id'>, fields: Record<string, unknown> = {}, key?: string) => {
  const request = agent.post('/api/payments');
  if (key) request.set('Idempotency-Key', key);
  return request.send({ unitId: unit.id, amount: 450_000, method: 'cash', receivedAt: day(0), ...fields });
};

const report = (agent: Agent, unit: Pick<Unit, 'id'>, fields: Record<string, unknown> = {}) =>
  agent.post('/api/payments/report').send({
    unitId: unit.id,
    amount: 450_000,
    receivedAt: day(-1),
    reference: 'BPD-778812',
    proof: { fileName: 'comprobante.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') },
    ...fields,
  });

const charges = async (agent: Agent, query = '') => (await agent.get(`/api/charges${query}`)).body as Array<Record<string, unknown>>;
const statement = async (agent: Agent, unit: Pick<Unit, 'id'>) => (await agent.get(`/api/units/${unit.id}/statement`)).body;

describe('charges', () => {
  it('answers 401 without a session and 403 to a supplier', async () => {
    expect((await (await client()).get('/api/charges')).status).toBe(401);
    const { organization } = await billingWorld();
    const supplier = await signedIn(await createUser({ role: 'Suplidor', organizationId: organization.id }));
    expect((await supplier.get('/api/charges')).status).toBe(403);
    expect((await supplier.get('/api/billing/summary')).status).toBe(403);
  });

  it('issues sequential invoice numbers, billed to the unit owner, else the primary resident, and tells the unit live', async () => {
    const { agent, unit, resident, organization, property } = await billingWorld();
    const first = await charge(agent, unit);
    expect(first.status).toBe(201);
    const year = day(0).slice(0, 4);
    expect(first.body).toMatchObject({
      invoiceNumber: `FAC-${year}-000001`,
      unitId: unit.id,
      propertyId: property.id,
      userId: resident.id,
      userName: 'Rosa Peña',
      amount: 450_000,
      balance: 450_000,
      status: 'pending',
      overdue: false,
      type: 'maintenance',
    });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await agent.patch(`/api/units/${unit.id}`).send({ ownerId: owner.id }).expect(200);
    const second = await charge(agent, unit, { type: 'extraordinary', amount: 100_050 });
    expect(second.body).toMatchObject({ invoiceNumber: `FAC-${year}-000002`, userId: owner.id, type: 'extraordinary' });

    const events = await eventsOf('charge.created', first.body.id);
    expect(events.map((e) => [e.audience, e.userId]).sort()).toEqual([['administrators', null], ['user', resident.id]]);
    expect(events[0].payload).toMatchObject({ invoiceNumber: first.body.invoiceNumber, amount: 450_000 });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const { agent, unit } = await billingWorld();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: -100 }, 'amount', 'El monto debe ser mayor que 0'],
      [{ amount: 0 }, 'amount', 'El monto debe ser mayor que 0'],
      [{ amount: 4500.5 }, 'amount', 'Debe ser un número entero'],
      [{ amount: '4500' }, 'amount', 'Debe ser un número entero'],
      [{ unitId: undefined }, 'unitId', 'Seleccione la unidad'],
      [{ dueDate: '2026-02-30' }, 'dueDate', 'Indique la fecha de vencimiento'],
      [{ type: 'tip' }, 'type', 'Tipo de cargo no válido'],
      [{ description: '  ' }, 'description', 'La descripción es requerida'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await charge(agent, unit, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.fields[field]).toBe(message);
    }
    expect((await pay(agent, unit, { amount: 10.5 })).body.fields.amount).toBe('Debe ser un número entero');
    expect((await pay(agent, unit, { unitId: null })).body.fields.unitId).toBe('Seleccione la unidad');
    expect((await pay(agent, unit, { receivedAt: day(2) })).body.fields.receivedAt).toBe('La fecha del pago no puede ser futura');
    expect((await pay(agent, unit, {}, 'x')).body.fields['Idempotency-Key']).toMatch(/Idempotency-Key/);
    expect(await db()('charges').where({ unitId: unit.id })).toEqual([]);
    expect(await db()('payments').where({ unitId: unit.id })).toEqual([]);
  });

  it('lets only administrators charge, and hides another organization’s unit', async () => {
    const { agent, unit, residentAgent } = await billingWorld();
    expect((await charge(residentAgent, unit)).status).toBe(403);
    const stranger = await createUnit();
    expect((await charge(agent, stranger)).status).toBe(404);
    expect((await pay(agent, stranger)).status).toBe(404);
  });

  it('filters by status (overdue = pending and past due), type, unit, due dates and search', async () => {
    const { agent, unit, property } = await billingWorld();
    const other = await createUnit({ propertyId: property.id, unitNumber: '9Z' });
    const late = (await charge(agent, unit, { dueDate: day(-5), description: 'Cuota vencida' })).body;
    const upcoming = (await charge(agent, unit, { dueDate: day(20), type: 'late_fee', description: 'Mora' })).body;
    const paid = (await charge(agent, other, { dueDate: day(-40), amount: 1_000 })).body;
    await pay(agent, other, { amount: 1_000 });

    expect((await charges(agent, '?status=overdue')).map((c) => c.id)).toEqual([late.id]);
    expect((await charges(agent, '?status=overdue'))[0]).toMatchObject({ overdue: true, status: 'pending' });
    expect((await charges(agent, '?status=pending')).map((c) => c.id)).toEqual([upcoming.id, late.id]);
    expect((await charges(agent, '?status=completed')).map((c) => c.id)).toEqual([paid.id]);
    expect((await charges(agent, '?type=late_fee')).map((c) => c.id)).toEqual([upcoming.id]);
    expect((await charges(agent, `?unitId=${other.id}`)).map((c) => c.id)).toEqual([paid.id]);
    expect((await charges(agent, `?from=${day(-10)}&to=${day(0)}`)).map((c) => c.id)).toEqual([late.id]);
    expect((await charges(agent, '?q=9z')).map((c) => c.id)).toEqual([paid.id]);
    const page = await agent.get('/api/charges?limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((c: { id: number }) => c.id)).toEqual([late.id]);
    expect((await agent.get('/api/charges?status=lost')).status).toBe(400);
  });
});

describe('payments: arithmetic', () => {
  it('pays the oldest due charges first, leaves a partial balance, and keeps an overpayment as credit for the next charge', async () => {
    const { agent, unit } = await billingWorld();
    const newer = (await charge(agent, unit, { dueDate: day(20), amount: 300_000 })).body;
    const older = (await charge(agent, unit, { dueDate: day(-20), amount: 200_000 })).body;

    // Partial: 250,000 pays the older charge in full and 50,000 of the newer one.
    const partial = await pay(agent, unit, { amount: 250_000 });
    expect(partial.status).toBe(201);
    expect(partial.body.allocations).toEqual([
      { chargeId: older.id, invoiceNumber: older.invoiceNumber, description: older.description, amount: 200_000 },
      { chargeId: newer.id, invoiceNumber: newer.invoiceNumber, description: newer.description, amount: 50_000 },
    ]);
    expect(partial.body).toMatchObject({ status: 'confirmed', credit: 0, receiptNumber: expect.stringMatching(/^REC-\d{4}-000001$/) });
    const afterPartial = Object.fromEntries((await charges(agent)).map((c) => [c.id, [c.status, c.balance]]));
    expect(afterPartial).toEqual({ [older.id]: ['completed', 0], [newer.id]: ['pending', 250_000] });

    // Exact: the rest.
    await pay(agent, unit, { amount: 250_000 });
    expect((await charges(agent)).every((c) => c.status === 'completed')).toBe(true);

    // Over-payment: 100,000 of credit, consumed by the next charge.
    const over = await pay(agent, unit, { amount: 100_000 });
    expect(over.body).toMatchObject({ allocations: [], credit: 100_000 });
    expect((await agent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 0, credit: 100_000 });
    const next = (await charge(agent, unit, { amount: 150_000 })).body;
    expect(next).toMatchObject({ status: 'pending', paidAmount: 100_000, balance: 50_000 });
    expect((await agent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 50_000, credit: 0 });
    const exact = (await charge(agent, unit, { amount: 1 })).body;
    expect(exact.status).toBe('pending');
  });

  it('pays the charges an administrator picks first, then the oldest, and refuses picks outside the unit', async () => {
    const { agent, unit, property } = await billingWorld();
    const oldest = (await charge(agent, unit, { dueDate: day(-30), amount: 100_000 })).body;
    const middle = (await charge(agent, unit, { dueDate: day(-10), amount: 100_000 })).body;
    const newest = (await charge(agent, unit, { dueDate: day(10), amount: 100_000 })).body;

    const chosen = await pay(agent, unit, { amount: 150_000, allocations: [{ chargeId: newest.id }, { chargeId: middle.id, amount: 20_000 }] });
    expect(chosen.status).toBe(201);
    expect(chosen.body.allocations.map((a: { chargeId: number; amount: number }) => [a.chargeId, a.amount])).toEqual([
      [oldest.id, 30_000],
      [middle.id, 20_000],
      [newest.id, 100_000],
    ]);

    const elsewhere = (await charge(agent, await createUnit({ propertyId: property.id }))).body;
    const refused = await pay(agent, unit, { allocations: [{ chargeId: elsewhere.id }] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['allocations.0.chargeId']).toBe('El cargo elegido no está pendiente en esta unidad');
    const tooMuch = await pay(agent, unit, { amount: 100_000, allocations: [{ chargeId: oldest.id, amount: 80_000 }] });
    expect(tooMuch.body.fields['allocations.0.amount']).toBe('El monto asignado supera el saldo del cargo');
    expect(await db()('payments').where({ unitId: unit.id })).toHaveLength(1);
  });
});

describe('payments: once and in order', () => {
  it('records a payment once per Idempotency-Key and refuses the key for another request', async () => {
    const { agent, unit } = await billingWorld();
    await charge(agent, unit);
    const first = await pay(agent, unit, {}, 'pago-0001-unidad');
    const again = await pay(agent, unit, {}, 'pago-0001-unidad');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await pay(agent, unit, { amount: 1_000 }, 'pago-0001-unidad');
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('idempotency_key_reused');
    expect(await db()('payments').where({ unitId: unit.id })).toHaveLength(1);
  });

  it('records one payment when the same request is sent twice at the same moment', async () => {
    const { agent, admin, unit } = await billingWorld();
    await charge(agent, unit);
    const other = await signedIn(admin);
    const [a, b] = await Promise.all([pay(agent, unit, {}, 'doble-clic-123'), pay(other, unit, {}, 'doble-clic-123')]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await db()('payments').where({ unitId: unit.id })).toHaveLength(1);
  });

  it('numbers 20 concurrent payments of an organization without gaps or duplicates', async () => {
    const { agent, property } = await billingWorld();
    const units = await Promise.all(Array.from({ length: 4 }, () => createUnit({ propertyId: property.id })));
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(agent, units[i % 4], { amount: 1_000 + i })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const year = day(0).slice(0, 4);
    const numbers = responses.map((r) => r.body.receiptNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `REC-${year}-${String(i + 1).padStart(6, '0')}`));
  });

  it('names the receipt in the journal: the entry of the payment and the entry of each charge it paid', async () => {
    const { agent, unit } = await billingWorld();
    const charges = [(await charge(agent, unit, { amount: 1_000 })).body, (await charge(agent, unit, { amount: 2_000 })).body];
    const payment = (await pay(agent, unit, { amount: 3_500 })).body;
    expect(payment.receiptNumber).toMatch(/^REC-/);
    const allocations = await db()('paymentAllocations').where({ paymentId: payment.id });
    const described = (type: string, ids: number[]) => db()('journalEntries').where({ sourceType: type }).whereIn('sourceId', ids).pluck('description');
    expect(await described('payment', [payment.id])).toEqual([payment.receiptNumber]);
    expect((await described('allocation', allocations.map((allocation) => allocation.id))).sort()).toEqual(charges.map((paid) => `${payment.receiptNumber} → ${paid.invoiceNumber}`).sort());
  });
});

describe('every money-creating POST once per Idempotency-Key', () => {
  const split = (agent: Agent, propertyId: number, key: string | null, fields: Record<string, unknown> = {}) => {
    const request = agent.post(`/api/properties/${propertyId}/charges/split`);
    if (key) request.set('Idempotency-Key', key);
    return request.send({ total: 300_000, split: 'equal', dueDate: day(15), description: 'Pintura de fachada', ...fields });
  };

  it('a split repeated with the same key answers the first charges again and issues nothing new; another body gets 409', async () => {
    const { agent, property } = await billingWorld();
    await createUnit({ propertyId: property.id });
    const first = await split(agent, property.id, 'cuota-extra-0001');
    expect(first.status).toBe(201);
    expect(first.body).toHaveLength(2);
    const again = await split(agent, property.id, 'cuota-extra-0001');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await split(agent, property.id, 'cuota-extra-0001', { total: 400_000 });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'idempotency_key_reused', message: 'Esta clave de idempotencia (Idempotency-Key) ya se usó con otros datos: use una clave nueva para una operación nueva' });
    expect(await db()('charges').where({ propertyId: property.id })).toHaveLength(2);
    // Without a key, or with another, it is a new split.
    expect((await split(agent, property.id, null)).status).toBe(201);
    expect((await split(agent, property.id, 'cuota-extra-0002')).status).toBe(201);
    expect(await db()('charges').where({ propertyId: property.id })).toHaveLength(6);
  });

  it('two splits with the same key at the same moment issue one set of charges', async () => {
    const { agent, admin, property } = await billingWorld();
    await createUnit({ propertyId: property.id });
    const other = await signedIn(admin);
    const [a, b] = await Promise.all([split(agent, property.id, 'doble-clic-split'), split(other, property.id, 'doble-clic-split')]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body).toEqual(b.body);
    expect(await db()('charges').where({ propertyId: property.id })).toHaveLength(2);
  });

  it('a charge repeated with the same key is issued once, also at the same moment', async () => {
    const { agent, admin, unit } = await billingWorld();
    const keyed = (who: Agent, key: string, fields: Record<string, unknown> = {}) => charge(who, unit, fields).set('Idempotency-Key', key);
    const first = await keyed(agent, 'factura-0001');
    const again = await keyed(agent, 'factura-0001');
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    expect((await keyed(agent, 'factura-0001', { amount: 1_000 })).status).toBe(409);
    const other = await signedIn(admin);
    const [a, b] = await Promise.all([keyed(agent, 'factura-0002'), keyed(other, 'factura-0002')]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await db()('charges').where({ unitId: unit.id })).toHaveLength(2);
    expect((await charge(agent, unit).set('Idempotency-Key', 'x')).body.fields['Idempotency-Key']).toMatch(/Idempotency-Key/);
  });

  it('a key is the caller’s: another administrator of the organization reusing it gets 409', async () => {
    const { agent, organization, unit } = await billingWorld();
    const colleague = await signedIn(await createUser({ role: 'Administrador', organizationId: organization.id }));
    expect((await charge(agent, unit).set('Idempotency-Key', 'factura-compartida')).status).toBe(201);
    expect((await charge(colleague, unit).set('Idempotency-Key', 'factura-compartida')).status).toBe(409);
    expect(await db()('charges').where({ unitId: unit.id })).toHaveLength(1);
  });
});

describe('reported transfers', () => {
  it('a resident reports a transfer with a photo; the administrator sees the proof and confirms it; it pays and gets a receipt', async () => {
    const { agent, unit, residentAgent, resident } = await billingWorld();
    const owed = (await charge(agent, unit)).body;
    const reported = await report(residentAgent, unit);
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({ status: 'reported', receiptNumber: null, allocations: [], userId: resident.id, proof: { fileType: 'image/png', fileName: 'comprobante.png' } });
    expect((await eventsOf('payment.reported', reported.body.id)).map((e) => e.audience).sort()).toEqual(['administrators', 'user']);
    expect((await agent.get('/api/payments?status=reported')).body.map((p: { id: number }) => p.id)).toEqual([reported.body.id]);

    const proof = await fetchBytes(agent, `/api/payments/${reported.body.id}/proof`);
    expect(proof.status).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(proof.body, PNG_PROOF)).toBe(0);
    expect((await residentAgent.get(`/api/payments/${reported.body.id}/receipt.pdf`)).status).toBe(404);

    expect((await residentAgent.patch(`/api/payments/${reported.body.id}`).send({ status: 'confirmed' })).status).toBe(403);
    const confirmed = await agent.patch(`/api/payments/${reported.body.id}`).send({ status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', receiptNumber: expect.stringMatching(/^REC-/), allocations: [{ chargeId: owed.id, amount: 450_000 }] });
    expect((await eventsOf('payment.recorded', reported.body.id))[0].payload).toMatchObject({ reported: true, receiptNumber: confirmed.body.receiptNumber });
    expect((await charges(residentAgent))[0]).toMatchObject({ status: 'completed' });
    expect((await agent.patch(`/api/payments/${reported.body.id}`).send({ status: 'rejected', reason: 'Tarde' })).status).toBe(409);
  });

  it('rejects a report only with a reason, and refuses what is not a real photo or PDF', async () => {
    const { agent, unit, residentAgent } = await billingWorld();
    const reported = (await report(residentAgent, unit)).body;
    const noReason = await agent.patch(`/api/payments/${reported.id}`).send({ status: 'rejected' });
    expect(noReason.body.fields.reason).toBe('Indique el motivo');
    const rejected = await agent.patch(`/api/payments/${reported.id}`).send({ status: 'rejected', reason: 'La referencia no aparece en el banco' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'La referencia no aparece en el banco', receiptNumber: null });
    expect((await eventsOf('payment.rejected', reported.id)).length).toBe(2);

    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const fake = await report(residentAgent, unit, { proof: { fileName: 'foto.png', fileType: 'image/png', content: html } });
    expect(fake.status).toBe(400);
    expect(fake.body.fields['proof.fileType']).toBe('El comprobante debe ser una foto (JPG o PNG) o un PDF');
    const missing = await report(residentAgent, unit, { proof: undefined, reference: '' });
    expect(missing.body.fields).toMatchObject({ proof: 'Adjunte el comprobante de la transferencia', reference: 'Indique la referencia bancaria de la transferencia' });
    expect((await report(agent, unit)).status).toBe(403);
  });

  it('takes a proof photo of a few megabytes, and refuses one over 10 MB with 413 and its message', async () => {
    const { unit, residentAgent } = await billingWorld();
    // A phone photo: a real PNG followed by 3 MB of its data (4 MB of base64, over the 1 MB of other bodies).
    const photo = Buffer.concat([PNG_PROOF, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const taken = await report(residentAgent, unit, { proof: { fileName: 'foto.png', fileType: 'image/png', content: photo.toString('base64') } });
    expect(taken.status).toBe(201);
    const huge = Buffer.concat([PNG_PROOF, Buffer.alloc(10 * 1024 * 1024, 7)]);
    const refused = await report(residentAgent, unit, { proof: { fileName: 'foto.png', fileType: 'image/png', content: huge.toString('base64') } });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('El comprobante no puede superar 10 MB');
  });
});

describe('refunds', () => {
  it('refunds a payment with a reason: its charges are owed again and the ledger stays balanced', async () => {
    const { agent, unit, residentAgent } = await billingWorld();
    await charge(agent, unit, { amount: 300_000, dueDate: day(-5) });
    const payment = (await pay(agent, unit, { amount: 400_000 })).body;
    expect((await statement(agent, unit)).closingBalance).toBe(-100_000);

    expect((await agent.patch(`/api/payments/${payment.id}`).send({ status: 'refunded' })).body.fields.reason).toBe('Indique el motivo');
    const refunded = await agent.patch(`/api/payments/${payment.id}`).send({ status: 'refunded', reason: 'Cheque devuelto por el banco' });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', credit: 0, refund: { amount: 400_000, reason: 'Cheque devuelto por el banco' } });
    expect((await agent.patch(`/api/payments/${payment.id}`).send({ status: 'refunded', reason: 'Otra vez' })).status).toBe(409);

    const after = await statement(residentAgent, unit);
    expect(after.entries.map((e: { kind: string; charge: number; payment: number; balance: number }) => [e.kind, e.charge, e.payment, e.balance])).toEqual([
      ['charge', 300_000, 0, 300_000],
      ['payment', 0, 400_000, -100_000],
      ['refund', 400_000, 0, 300_000],
    ]);
    expect((await agent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 300_000, overdue: 300_000, overdueCount: 1, credit: 0, collectedThisMonth: 0 });
    expect((await charges(agent))[0]).toMatchObject({ status: 'pending', balance: 300_000, overdue: true });
    // The receipt still exists and says it was refunded.
    const pdf = await pdfText((await fetchBytes(agent, `/api/payments/${payment.id}/receipt.pdf`)).body);
    expect(pdf).toContain('REEMBOLSADO');
    expect(pdf).toContain('Cheque devuelto por el banco');
  });
});

describe('the ledger in the database', () => {
  it('refuses an allocation beyond a charge or a payment, and edits or deletions of receipted rows', async () => {
    const { agent, unit } = await billingWorld();
    const owed = (await charge(agent, unit, { amount: 1_000 })).body;
    const payment = (await pay(agent, unit, { amount: 600 })).body;
    const credit = (await pay(agent, unit, { amount: 2_000 })).body;
    const refused = async (work: () => Promise<unknown>) => {
      try {
        await db().transaction(async (trx) => {
          await work.call(trx);
          throw new Error('accepted');
        });
      } catch (error) {
        return (error as { constraint?: string; message: string }).constraint ?? (error as Error).message;
      }
    };
    // The charge is paid (600 + 400 of the second payment): nothing more fits in it.
    expect(await refused(() => db()('paymentAllocations').insert({ paymentId: credit.id, chargeId: owed.id, amount: 1 }))).toMatch(/charge_pending|paid_amount/);
    expect(await refused(() => db()('charges').where({ id: owed.id }).update({ amount: 5_000 }))).toBe('charges_immutable');
    expect(await refused(() => db()('payments').where({ id: payment.id }).update({ amount: 5_000 }))).toBe('payments_immutable');
    expect(await refused(() => db()('payments').where({ id: payment.id }).delete())).toBe('payments_immutable');
    expect(await refused(() => db()('paymentAllocations').where({ paymentId: payment.id }).delete())).toBe('payment_allocations_immutable');
    expect(await refused(() => db()('payments').where({ id: payment.id }).update({ status: 'reported' }))).toBe('payments_status_transition');
    // A receipt number goes with a confirmed (or refunded) payment and with no other, checked at
    // commit (a payment takes its number last): each insert below commits on its own.
    const row = await db()('payments').where({ id: payment.id }).first();
    const copy = { organizationId: row.organizationId, propertyId: row.propertyId, unitId: row.unitId, amount: 100, method: row.method, receivedAt: row.receivedAt, recordedById: row.recordedById };
    expect(await refused(() => db()('payments').insert({ ...copy, status: 'confirmed' }))).toBe('payments_receipt_check');
    expect(await refused(() => db()('payments').insert({ ...copy, status: 'reported', receiptNumber: 'REC-2030-000001' }))).toBe('payments_receipt_check');
    expect(await refused(() => db()('payments').insert({ ...copy, status: 'reported' }).returning('id').then(([{ id }]) => db()('payments').where({ id }).update({ status: 'confirmed' })))).toBe('payments_receipt_check');
    const open = (await charge(agent, unit, { amount: 500 })).body;
    expect(open.paidAmount).toBe(500);
    const another = (await charge(agent, unit, { amount: 5_000 })).body;
    expect(await refused(() => db()('paymentAllocations').insert({ paymentId: credit.id, chargeId: another.id, amount: 2_000 }))).toBe('payments_allocated_amount_check');
  });
});

describe('who sees what', () => {
  it('residents read only the charges, payments and statements of their units; owners those of the units they own', async () => {
    const { agent, unit, resident, residentAgent, property, organization } = await billingWorld();
    const { unit: neighbourUnit, user: neighbour } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await agent.patch(`/api/units/${neighbourUnit.id}`).send({ ownerId: owner.id }).expect(200);
    const mine = (await charge(agent, unit)).body;
    const theirs = (await charge(agent, neighbourUnit)).body;
    const theirPayment = (await pay(agent, neighbourUnit, { amount: 1_000 })).body;

    expect((await charges(residentAgent)).map((c) => c.id)).toEqual([mine.id]);
    expect((await (await signedIn(neighbour)).get('/api/charges')).body.map((c: { id: number }) => c.id)).toEqual([theirs.id]);
    const ownerAgent = await signedIn(owner);
    expect((await charges(ownerAgent)).map((c) => c.id)).toEqual([theirs.id]);
    expect((await ownerAgent.get('/api/billing/units')).body.map((u: { id: number }) => u.id)).toEqual([neighbourUnit.id]);
    expect((await residentAgent.get(`/api/units/${neighbourUnit.id}/statement`)).status).toBe(404);
    expect((await residentAgent.get(`/api/charges?unitId=${neighbourUnit.id}`)).status).toBe(404);
    expect((await residentAgent.get(`/api/payments/${theirPayment.id}/receipt.pdf`)).status).toBe(404);
    expect((await residentAgent.get('/api/payments')).body).toEqual([]);
    expect((await report(residentAgent, neighbourUnit)).status).toBe(404);
    expect((await residentAgent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 450_000 });
    expect((await ownerAgent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 449_000 });

    // A former resident of the unit (who lives in another property now) reads nothing of it any more.
    const elsewhere = await createProperty({ organizationId: organization.id });
    await db()('residents').insert({ userId: resident.id, propertyId: elsewhere.id, unitId: (await createUnit({ propertyId: elsewhere.id })).id });
    await db()('residents').where({ unitId: unit.id }).update({ status: 'inactive' });
    expect((await charges(residentAgent))).toEqual([]);
  });

  it('answers 404 for another organization’s rows, and a master organization reaches its client’s', async () => {
    const master = await adminWorld({ type: 'master' });
    const child = await createOrganization({ parentId: master.organization.id });
    const childProperty = await createProperty({ organizationId: child.id });
    const { unit: childUnit } = await createResident({ property: childProperty });
    expect((await charge(master.agent, childUnit)).status).toBe(201);

    const { agent: strangerAgent } = await adminWorld();
    const payment = (await pay(master.agent, childUnit, { amount: 450_000 })).body;
    expect((await strangerAgent.get(`/api/units/${childUnit.id}/statement`)).status).toBe(404);
    expect((await strangerAgent.get(`/api/payments/${payment.id}/receipt.pdf`)).status).toBe(404);
    expect((await strangerAgent.patch(`/api/payments/${payment.id}`).send({ status: 'refunded', reason: 'x' })).status).toBe(404);
    expect((await strangerAgent.get(`/api/billing/summary?propertyId=${childProperty.id}`)).status).toBe(404);
    expect((await strangerAgent.get('/api/charges')).body).toEqual([]);
    expect((await master.agent.get('/api/billing/summary')).body).toMatchObject({ outstanding: 0, collectedThisMonth: 450_000, collectedThisYear: 450_000 });
  });
});

describe('receipts and statements', () => {
  it('a receipt PDF carries the organization, the numbers and RD$ amounts, in the user’s language', async () => {
    const { agent, unit, property, admin } = await billingWorld();
    const owed = (await charge(agent, unit, { amount: 450_000, description: 'Cuota de marzo' })).body;
    const payment = (await pay(agent, unit, { amount: 500_050, method: 'bank_transfer', reference: 'BPD-99812' })).body;
    const response = await fetchBytes(agent, `/api/payments/${payment.id}/receipt.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${payment.receiptNumber}.pdf`);
    const text = await pdfText(response.body);
    for (const expected of ['Administradora Caribe', 'Recibo de pago', payment.receiptNumber, 'Rosa Peña', `${property.name} · ${unit.unitNumber}`, 'Transferencia bancaria', 'BPD-99812', 'RD$5,000.50', owed.invoiceNumber, 'Cuota de marzo', 'RD$4,500.00', 'Saldo a favor: RD$500.50']) {
      expect(text).toContain(expected);
    }

    await User.query().findById(admin.id).patch({ language: 'en' });
    const english = await pdfText((await fetchBytes(agent, `/api/payments/${payment.id}/receipt.pdf`)).body);
    expect(english).toContain('Payment receipt');
    expect(english).toContain('Bank transfer');
    expect(english).toContain('RD$5,000.50');
  });

  it('a unit statement has the running balance as JSON, PDF and CSV, and the period asked for', async () => {
    const { agent, unit, residentAgent } = await billingWorld();
    await charge(agent, unit, { amount: 450_000, description: 'Cuota de enero' });
    await pay(agent, unit, { amount: 200_000, receivedAt: day(0) });
    await charge(agent, unit, { amount: 100_000, type: 'late_fee', description: 'Mora de enero' });

    const json = await statement(residentAgent, unit);
    expect(json.entries.map((e: { kind: string; balance: number }) => [e.kind, e.balance])).toEqual([
      ['charge', 450_000],
      ['charge', 550_000],
      ['payment', 350_000],
    ]);
    expect(json).toMatchObject({ openingBalance: 0, totalCharges: 550_000, totalPayments: 200_000, closingBalance: 350_000 });
    const later = (await residentAgent.get(`/api/units/${unit.id}/statement?from=${day(1)}`)).body;
    expect(later).toMatchObject({ openingBalance: 350_000, entries: [], closingBalance: 350_000 });

    const pdf = await pdfText((await fetchBytes(residentAgent, `/api/units/${unit.id}/statement.pdf`)).body);
    for (const expected of ['Estado de cuenta', 'Cuota de enero', 'Mora de enero', 'RD$4,500.00', 'RD$5,500.00', 'RD$3,500.00', 'Saldo final']) expect(pdf).toContain(expected);

    const csv = await residentAgent.get(`/api/units/${unit.id}/statement.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Fecha,Número,Concepto,Cargo,Pago,Saldo');
    expect(lines.slice(1).map((line) => line.split(',').slice(-3).join(','))).toEqual(['4500.00,,4500.00', '1000.00,,5500.00', ',2000.00,3500.00']);
  });
});

describe('CSV exports', () => {
  it('neutralises formulas in every cell of the charges and payments exports, property and unit too', async () => {
    const { agent, property } = await billingWorld();
    await db()('properties').where({ id: property.id }).update({ name: '=HYPERLINK("http://x","Torre")' });
    const unit = await createUnit({ propertyId: property.id, unitNumber: '=1+2' });
    await charge(agent, unit, { description: '@SUM(A1:A9)' }).expect(201);
    await pay(agent, unit, { reference: '-2+3' }).expect(201);
    for (const path of ['/api/charges/export', '/api/payments/export']) {
      const csv = await agent.get(path);
      expect(csv.status, path).toBe(200);
      const row = csv.text.replace(/^\uFEFF/, '').trim().split('\n')[1];
      expect(row, path).toContain(`"'=HYPERLINK(""http://x"",""Torre"")",'=1+2,`);
      // No cell a spreadsheet would read as a formula: every one is quoted text or starts otherwise.
      expect(row.split(',').filter((cell) => /^[=+\-@\t\r]/.test(cell)), path).toEqual([]);
    }
    expect((await agent.get('/api/charges/export')).text).toContain(",'@SUM(A1:A9),");
    expect((await agent.get('/api/payments/export')).text).toContain(",'-2+3,");
  });

  it('writes the headers and words in the user’s language', async () => {
    const { agent, admin, unit } = await billingWorld();
    await charge(agent, unit).expect(201);
    const spanish = await agent.get('/api/charges/export');
    expect(spanish.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Factura,Propiedad,Unidad,Facturado a,Tipo,Descripción,Vence,Monto,Saldo,Estado');
    expect(spanish.headers['content-disposition']).toMatch(/filename="cargos-\d{4}-\d{2}-\d{2}\.csv"/);
    await User.query().findById(admin.id).patch({ language: 'en' });
    const english = await agent.get('/api/charges/export');
    expect(english.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Invoice,Property,Unit,Billed to,Type,Description,Due,Amount,Balance,Status');
    expect(english.text).toContain(',Maintenance fee,');
    expect(english.headers['content-disposition']).toMatch(/filename="charges-\d{4}-\d{2}-\d{2}\.csv"/);
  });
});
