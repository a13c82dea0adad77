import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { proposeInstalments } from '../../shared/schemas/agreements';
import { addDays, todayThere } from '../../shared/time';
import { adminWorld, createCharge, createResident, createUnit, createUser, signedIn } from '../support/factories';
import { testApp } from '../support/services';

/**
 * Collecting money (docs/modules/collections.md): payment agreements (acuerdos de pago) over
 * HTTP, and where to pay (the transfer accounts), read only by the organization's users.
 */
beforeAll(async () => {
  await testApp();
});

const today = todayThere();

async function tower() {
  const world = await adminWorld({ name: 'Administradora Caribe' });
  const owner = await createUser({ role: 'Propietario', organizationId: world.organization.id });
  const unit = await createUnit({ propertyId: world.property.id, unitNumber: '7B', ownerId: owner.id });
  const { user: resident } = await createResident({ property: world.property, unit });
  // 10,000.01 overdue in two charges (one partly paid); one not yet due is not part of the debt.
  const old = await createCharge({ unitId: unit.id, dueDate: addDays(today, -40), amount: 700_000 });
  const recent = await createCharge({ unitId: unit.id, dueDate: addDays(today, -5), amount: 400_001, paidAmount: 100_000 });
  await createCharge({ unitId: unit.id, dueDate: addDays(today, 10), amount: 250_000 });
  return { ...world, owner, unit, resident, old, recent };
}

describe('payment agreements', () => {
  it('turns the overdue debt into instalments exact to the centavo, once per Idempotency-Key; never two at once', async () => {
    const t = await tower();
    const debt = (await t.agent.get(`/api/units/${t.unit.id}/agreements`)).body;
    expect(debt).toEqual({ overdue: 1_000_001, agreements: [] });
    // 1,000,001 in 3: 333,334 + 333,334 + 333,333, a month apart.
    const instalments = proposeInstalments(debt.overdue, 3, addDays(today, 7));
    expect(instalments.map((item) => item.amount)).toEqual([333_334, 333_334, 333_333]);
    expect(instalments.reduce((sum, item) => sum + item.amount, 0)).toBe(1_000_001);

    // A sum one centavo off is refused, with the field's message in the user's language.
    const off = await t.agent.post(`/api/units/${t.unit.id}/agreements`).send({ instalments: instalments.map((item, index) => (index ? item : { ...item, amount: item.amount - 1 })) });
    expect(off.status).toBe(400);
    expect(off.body.fields.instalments).toBe('Las cuotas suman RD$10,000.00, pero la deuda vencida es RD$10,000.01: deben coincidir al centavo');
    const past = await t.agent.post(`/api/units/${t.unit.id}/agreements`).send({ instalments: [{ dueDate: addDays(today, -1), amount: 1_000_001 }] });
    expect(past.body.fields.instalments).toBe('La primera cuota no puede vencer antes de hoy');
    const unordered = await t.agent.post(`/api/units/${t.unit.id}/agreements`).send({ instalments: [instalments[1], instalments[0], instalments[2]] });
    expect(unordered.status).toBe(400);
    expect(unordered.body.fields.instalments).toBe('Las fechas de las cuotas deben ir en orden, sin repetirse');

    const body = { instalments, note: 'Acordado en la oficina' };
    const made = await t.agent.post(`/api/units/${t.unit.id}/agreements`).set('Idempotency-Key', 'acuerdo-7b-0001').send(body);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'active', total: 1_000_001, paid: 0, note: 'Acordado en la oficina' });
    expect(made.body.instalments.map((item: { number: number; amount: number; dueDate: string }) => [item.number, item.amount, item.dueDate])).toEqual(
      instalments.map((item, index) => [index + 1, item.amount, item.dueDate]),
    );
    // The same request again: the first answer, nothing created.
    const again = await t.agent.post(`/api/units/${t.unit.id}/agreements`).set('Idempotency-Key', 'acuerdo-7b-0001').send(body);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(made.body.id);
    expect(await db()('paymentAgreements').where({ unitId: t.unit.id })).toHaveLength(1);
    // Another key while one is active: refused.
    const second = await t.agent.post(`/api/units/${t.unit.id}/agreements`).set('Idempotency-Key', 'acuerdo-7b-0002').send(body);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('agreement_exists');
    // It covers the two overdue charges with what each owed.
    expect(await db()('paymentAgreementCharges').where({ agreementId: made.body.id }).orderBy('chargeId').select('chargeId', 'balance')).toEqual([
      { chargeId: t.old.id, balance: 700_000 },
      { chargeId: t.recent.id, balance: 300_001 },
    ]);
    expect(await db()('events').where({ type: 'agreement.created', subjectId: made.body.id, audience: 'administrators' })).toHaveLength(1);

    // The resident reads it on the unit's statement; they cannot make or cancel one.
    const resident = await signedIn(t.resident);
    const read = await resident.get(`/api/units/${t.unit.id}/agreements`);
    expect(read.status).toBe(200);
    expect(read.body.agreements).toHaveLength(1);
    expect((await resident.post(`/api/units/${t.unit.id}/agreements`).send(body)).status).toBe(403);
    expect((await resident.post(`/api/agreements/${made.body.id}/cancel`).send({ reason: 'No' })).status).toBe(403);

    // Morosidad shows it.
    const report = await t.agent.get('/api/billing/delinquency');
    expect(report.body.rows.find((row: { unitId: number }) => row.unitId === t.unit.id).agreement).toEqual({ id: made.body.id, status: 'active' });

    // Cancelled with who and why, once; then a new one may be made.
    expect((await t.agent.post(`/api/agreements/${made.body.id}/cancel`).send({ reason: '' })).body.fields.reason).toBe('Indique el motivo de la cancelación');
    const cancelled = await t.agent.post(`/api/agreements/${made.body.id}/cancel`).send({ reason: 'El propietario vendió la unidad' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'El propietario vendió la unidad' });
    expect(cancelled.body.cancelledBy).toBeTruthy();
    expect(cancelled.body.endedAt).toBeTruthy();
    expect((await t.agent.post(`/api/agreements/${made.body.id}/cancel`).send({ reason: 'Otra vez' })).status).toBe(409);
    expect((await t.agent.post(`/api/units/${t.unit.id}/agreements`).send({ instalments: [{ dueDate: today, amount: 1_000_001 }] })).status).toBe(201);
  });

  it('refuses a unit with no overdue debt, and answers 404 for another organization’s unit and agreement', async () => {
    const t = await tower();
    const clear = await createUnit({ propertyId: t.property.id, unitNumber: '8B' });
    const none = await t.agent.post(`/api/units/${clear.id}/agreements`).send({ instalments: [{ dueDate: today, amount: 100 }] });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('agreement_no_debt');

    const other = await tower();
    const theirs = await other.agent.post(`/api/units/${other.unit.id}/agreements`).send({ instalments: [{ dueDate: today, amount: 1_000_001 }] });
    expect(theirs.status).toBe(201);
    expect((await t.agent.get(`/api/units/${other.unit.id}/agreements`)).status).toBe(404);
    expect((await t.agent.post(`/api/units/${other.unit.id}/agreements`).send({ instalments: [{ dueDate: today, amount: 1_000_001 }] })).status).toBe(404);
    expect((await t.agent.post(`/api/agreements/${theirs.body.id}/cancel`).send({ reason: 'Ajeno' })).status).toBe(404);
    expect((await db()('paymentAgreements').where({ id: theirs.body.id }).first()).status).toBe('active');
  });
});

describe('where to pay', () => {
  const account = { bank: 'popular', accountType: 'checking', number: '800-123456-7', holder: 'Condominio Torre Caribe', rnc: '130-12345-6' };

  it('administrators keep the accounts; the organization’s owners and residents read them; nobody else does', async () => {
    const t = await tower();
    const created = await t.agent.post('/api/transfer-accounts').send(account);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...account, propertyId: null, propertyName: null });
    const forProperty = await t.agent.post('/api/transfer-accounts').send({ ...account, bank: 'bhd', accountType: 'savings', number: '12345678', rnc: null, propertyId: t.property.id });
    expect(forProperty.status).toBe(201);
    // Bad input: messages per field.
    const bad = await t.agent.post('/api/transfer-accounts').send({ ...account, number: 'abc', rnc: '12', accountType: 'gold' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      number: 'Indique el número de cuenta (solo dígitos y guiones)',
      rnc: 'El RNC o la cédula debe tener 9 u 11 dígitos',
      accountType: 'Elija el tipo de cuenta: corriente o de ahorros',
    });

    for (const user of [t.resident, t.owner]) {
      const read = await (await signedIn(user)).get('/api/transfer-accounts');
      expect(read.status).toBe(200);
      expect(read.body.map((row: { number: string }) => row.number)).toEqual(['800-123456-7', '12345678']);
      expect((await (await signedIn(user)).post('/api/transfer-accounts').send(account)).status).toBe(403);
    }
    // Another organization's people and administrators see none of them, and cannot change them.
    const other = await tower();
    expect((await other.agent.get('/api/transfer-accounts')).body).toEqual([]);
    expect((await (await signedIn(other.resident)).get('/api/transfer-accounts')).body).toEqual([]);
    expect((await other.agent.put(`/api/transfer-accounts/${created.body.id}`).send(account)).status).toBe(404);
    expect((await other.agent.delete(`/api/transfer-accounts/${created.body.id}`)).status).toBe(404);
    expect((await other.agent.post('/api/transfer-accounts').send({ ...account, propertyId: t.property.id })).status).toBe(404);
    // A supplier of the organization reads no billing: 403.
    const supplier = await createUser({ role: 'Suplidor', organizationId: t.organization.id });
    expect((await (await signedIn(supplier)).get('/api/transfer-accounts')).status).toBe(403);

    const updated = await t.agent.put(`/api/transfer-accounts/${created.body.id}`).send({ ...account, holder: 'Consorcio Torre Caribe' });
    expect(updated.body.holder).toBe('Consorcio Torre Caribe');
    expect((await t.agent.delete(`/api/transfer-accounts/${forProperty.body.id}`)).status).toBe(204);
    expect((await t.agent.get('/api/transfer-accounts')).body).toHaveLength(1);
    expect(await db()('events').where({ organizationId: t.organization.id }).whereIn('type', ['transfer_account.created', 'transfer_account.updated', 'transfer_account.deleted'])).toHaveLength(4);
  });
});
