import { beforeAll, describe, expect, it } from 'vitest';
import { nextIssuePeriod } from '../../server/commands/billingPlans';
import { delinquencyReport, keepEveryDebtCurrent } from '../../server/commands/delinquency';
import { db } from '../../server/db';
import type { Property } from '../../server/models';
import { adminWorld, createCharge, createResident, createUnit, createUser, signedIn } from '../support/factories';
import { day, fetchBytes, pdfText } from '../support/billing';
import { client, testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

type Agent = Awaited<ReturnType<typeof signedIn>>;

const PLAN = { monthlyFee: 450_000, split: 'equal', issueDay: 5, dueDays: 15, reservePercent: 10, lateFee: { kind: 'percent', value: 5, graceDays: 10 } };

/** An organization with a signed-in administrator and a property of `shares.length` units with those shares. */
async function tower(shares: Array<number | null> = [40, 35, 25]) {
  const world = await adminWorld({ name: 'Administradora Caribe' });
  const units = [];
  for (const [index, share] of shares.entries()) units.push(await createUnit({ propertyId: world.property.id, unitNumber: `${index + 1}01`, share }));
  return { ...world, units };
}

const putPlan = (agent: Agent, property: Property, plan: Record<string, unknown> = {}) => agent.put(`/api/properties/${property.id}/billing-plan`).send({ ...PLAN, ...plan });

describe('billing plan', () => {
  it('validates the plan with field messages, saves it and answers it', async () => {
    const { agent, property } = await tower();
    expect((await agent.get(`/api/properties/${property.id}/billing-plan`)).status).toBe(404);
    const bad = await putPlan(agent, property, { issueDay: 29, dueDays: -1, reservePercent: 10.005, monthlyFee: 12.5, lateFee: { kind: 'percent', value: 150, graceDays: 91 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['dueDays', 'issueDay', 'lateFee.graceDays', 'lateFee.value', 'monthlyFee', 'reservePercent']);
    expect(bad.body.fields.issueDay).toBe('El día de emisión debe estar entre 1 y 28');
    const flat = await putPlan(agent, property, { lateFee: { kind: 'flat', value: 0, graceDays: 5 } });
    expect(flat.body.fields).toEqual({ 'lateFee.value': 'La mora fija debe ser un monto mayor que 0' });
    expect((await putPlan(agent, property, { split: 'thirds' })).body.fields.split).toBeTruthy();

    const saved = await putPlan(agent, property);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...PLAN, propertyId: property.id });
    expect((await agent.get(`/api/properties/${property.id}/billing-plan`)).body).toMatchObject(PLAN);
    const none = await putPlan(agent, property, { lateFee: { kind: 'none', value: 7, graceDays: 0 } });
    expect(none.body.lateFee).toEqual({ kind: 'none', value: 0, graceDays: 0 });
  });

  it('refuses a split by share when no unit has one', async () => {
    const { agent, property } = await tower([null, null]);
    const response = await putPlan(agent, property, { split: 'share' });
    expect(response.status).toBe(400);
    expect(response.body.fields.split).toMatch(/alícuota/);
  });

  it('previews each unit’s cuota, reserve and totals, with the sum of the shares', async () => {
    const { agent, property, units } = await tower([33.3333, 33.3333, 33.3333]);
    const preview = await agent.post(`/api/properties/${property.id}/billing-plan/preview`).send({ ...PLAN, split: 'share', monthlyFee: 100_000, reservePercent: 5 });
    expect(preview.status).toBe(200);
    expect(preview.body.sharesTotal).toBe(99.9999);
    expect(preview.body.lines.map((line: { unitId: number; base: number; reserve: number }) => [line.unitId, line.base, line.reserve])).toEqual([
      [units[0].id, 33_333, 1_667],
      [units[1].id, 33_333, 1_667],
      [units[2].id, 33_334, 1_667],
    ]);
    expect(preview.body.totals).toEqual({ base: 100_000, reserve: 5_001, amount: 105_001 });
    // The next issue: this month until the issue day, then next month.
    expect(preview.body.period).toBe(nextIssuePeriod(PLAN.issueDay));
    expect(nextIssuePeriod(5, '2026-11-04')).toBe('2026-11-01');
    expect(nextIssuePeriod(5, '2026-12-05')).toBe('2027-01-01');
  });

  it('is the administrators’: a resident gets 403, another organization’s administrator 404', async () => {
    const { property } = await tower();
    const { user } = await createResident({ property });
    expect((await putPlan(await signedIn(user), property)).status).toBe(403);
    const stranger = await adminWorld();
    expect((await putPlan(stranger.agent, property)).status).toBe(404);
    expect((await stranger.agent.get(`/api/properties/${property.id}/billing-plan`)).status).toBe(404);
  });
});

describe('units CSV import', () => {
  it('creates new units and updates the shares of existing ones in one transaction, refusing bad rows', async () => {
    const { agent, property, units } = await tower([null]);
    const bad = await agent.post(`/api/properties/${property.id}/units/import`).send({ rows: [{ unitNumber: '201', share: 101 }, { unitNumber: '', floor: 'x' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['rows.0.share', 'rows.1.floor', 'rows.1.unitNumber']);
    const twice = await agent.post(`/api/properties/${property.id}/units/import`).send({ rows: [{ unitNumber: '201' }, { unitNumber: '201' }] });
    expect(twice.body.fields).toEqual({ 'rows.1.unitNumber': 'Esta unidad aparece dos veces en el archivo' });
    expect(await db()('units').where({ propertyId: property.id }).count({ n: '*' })).toEqual([{ n: 1 }]);

    const done = await agent.post(`/api/properties/${property.id}/units/import`).send({
      rows: [{ unitNumber: units[0].unitNumber.toLowerCase(), share: '60.5' }, { unitNumber: '201', floor: '2', squareMeters: '98.5', share: '39.5' }],
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ created: 1, updated: 1 });
    const rows = await db()('units').where({ propertyId: property.id }).orderBy('id');
    expect(rows.map((unit) => [unit.unitNumber, unit.floor, unit.squareMeters, unit.share])).toEqual([[units[0].unitNumber, null, null, 60.5], ['201', 2, 98.5, 39.5]]);
  });
});

describe('extraordinary charges split', () => {
  it('splits RD$ 100,000.00 over 7 units by share to the centavo, the remainder to the last unit', async () => {
    const shares = [14.2857, 14.2857, 14.2857, 14.2857, 14.2857, 14.2857, 14.2858];
    const { agent, property, units } = await tower(shares);
    const response = await agent
      .post(`/api/properties/${property.id}/charges/split`)
      .send({ total: 10_000_000, split: 'share', dueDate: day(30), description: 'Impermeabilización del techo' });
    expect(response.status).toBe(201);
    const amounts = response.body.map((charge: { amount: number }) => charge.amount);
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(10_000_000);
    expect(response.body.map((charge: { unitId: number }) => charge.unitId)).toEqual(units.map((unit) => unit.id));
    expect(response.body.every((charge: { type: string }) => charge.type === 'extraordinary')).toBe(true);
    expect(amounts.slice(0, 6)).toEqual(Array(6).fill(1_428_570));
    expect(amounts[6]).toBe(10_000_000 - 6 * 1_428_570);
  });

  it('splits equally, and refuses bad input in one piece (nothing issued)', async () => {
    const { agent, property } = await tower([null, null, null]);
    const bad = await agent.post(`/api/properties/${property.id}/charges/split`).send({ total: 0, split: 'share', dueDate: 'mañana', description: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['description', 'dueDate', 'total']);
    expect((await agent.post(`/api/properties/${property.id}/charges/split`).send({ total: 100, split: 'share', dueDate: day(3), description: 'X' })).status).toBe(400);
    expect(await db()('charges').where({ propertyId: property.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    const equal = await agent.post(`/api/properties/${property.id}/charges/split`).send({ total: 100, split: 'equal', dueDate: day(3), description: 'Pintura' });
    expect(equal.body.map((charge: { amount: number }) => charge.amount)).toEqual([33, 33, 34]);
  });
});

describe('fair rounding', () => {
  it('splits RD$ 100,000.01 equally over three units as 33,333.33 / 33,333.34 / 33,333.34, the total exact', async () => {
    const { agent, property, units } = await tower([null, null, null]);
    const response = await agent.post(`/api/properties/${property.id}/charges/split`).send({ total: 10_000_001, split: 'equal', dueDate: day(10), description: 'Ascensor' });
    expect(response.status).toBe(201);
    expect(response.body.map((charge: { unitId: number; amount: number }) => [charge.unitId, charge.amount])).toEqual([
      [units[0].id, 3_333_333],
      [units[1].id, 3_333_334],
      [units[2].id, 3_333_334],
    ]);
  });

  it('gives units of the same share cuotas at most one centavo apart, in the split and the plan', async () => {
    const { agent, property, units } = await tower([25, 25, 25, 25]);
    const split = await agent.post(`/api/properties/${property.id}/charges/split`).send({ total: 1_003, split: 'share', dueDate: day(10), description: 'Bomba' });
    expect(split.body.map((charge: { amount: number }) => charge.amount)).toEqual([250, 251, 251, 251]);
    const preview = await agent.post(`/api/properties/${property.id}/billing-plan/preview`).send({ ...PLAN, split: 'share', monthlyFee: 1_003, reservePercent: 0 });
    expect(preview.body.lines.map((line: { unitId: number; base: number }) => [line.unitId, line.base])).toEqual([
      [units[0].id, 250],
      [units[1].id, 251],
      [units[2].id, 251],
      [units[3].id, 251],
    ]);
  });
});

describe('delinquency', () => {
  it('puts each overdue balance in its aging bucket at the boundary days, with totals and the last payment', async () => {
    const days = [30, 31, 60, 61, 90, 91];
    const { agent, property, units, organization } = await tower(days.map(() => null));
    for (const [index, late] of days.entries()) await createCharge({ unitId: units[index].id, amount: 1_000 * (index + 1), dueDate: day(-late) });
    await createCharge({ unitId: units[0].id, amount: 999, dueDate: day(0) }); // due today: not overdue
    await db()('payments').insert({
      organizationId: organization.id, propertyId: property.id, unitId: units[5].id, recordedById: (await createUser({ organizationId: organization.id })).id,
      amount: 10, method: 'cash', receivedAt: day(-100), status: 'confirmed', receiptNumber: 'REC-MORA-1',
    });
    // The payment above is credit never allocated: the charge stays overdue.
    const response = await agent.get(`/api/billing/delinquency?propertyId=${property.id}`);
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('6');
    const byUnit = new Map(response.body.rows.map((row: { unitId: number }) => [row.unitId, row]));
    const bucketOf = (index: number) => Object.entries((byUnit.get(units[index].id) as { buckets: Record<string, number> }).buckets).find(([, value]) => value > 0)![0];
    expect(days.map((_, index) => bucketOf(index))).toEqual(['0-30', '31-60', '31-60', '61-90', '61-90', '90+']);
    expect(response.body.totals).toEqual({ '0-30': 1_000, '31-60': 5_000, '61-90': 9_000, '90+': 6_000, overdue: 21_000 });
    expect((byUnit.get(units[5].id) as { lastPaymentAt: string }).lastPaymentAt).toBe(day(-100));
    expect(response.body.rows[0].unitId).toBe(units[5].id); // largest debt first

    const old = await agent.get(`/api/billing/delinquency?propertyId=${property.id}&bucket=61-90`);
    expect(old.body.rows.map((row: { unitId: number }) => row.unitId).sort()).toEqual([units[3].id, units[4].id].sort());
    const csv = await agent.get(`/api/billing/delinquency.csv?propertyId=${property.id}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('Total vencido');
    expect(csv.text).toContain(',60.00,60.00,');
    const pdf = await pdfText((await fetchBytes(agent, `/api/billing/delinquency.pdf?propertyId=${property.id}`)).body);
    expect(pdf).toContain('Relación de cuotas adeudadas');
    expect(pdf).toContain('RD$210.00');
  });

  it('keeps each unit’s debt as it is paid, charged and renamed, ages it with the days, and pages it from either end', async () => {
    const { agent, admin, property, units, organization } = await tower([null, null, null, null, null]);
    for (const [index, unit] of units.entries()) await createCharge({ unitId: unit.id, amount: 1_000 * (index + 1), dueDate: day(-10) });
    await createCharge({ unitId: units[0].id, amount: 7_000, dueDate: day(5) }); // not yet due
    const get = async (query = '') => (await agent.get(`/api/billing/delinquency?propertyId=${property.id}${query}`).expect(200)).body;
    const owing = (body: { rows: Array<{ unitNumber: string; overdue: number }> }) => body.rows.map((row) => [row.unitNumber, row.overdue]);
    expect(owing(await get())).toEqual([['501', 5_000], ['401', 4_000], ['301', 3_000], ['201', 2_000], ['101', 1_000]]);

    // Through the API, after the report was first read: a payment, a new overdue charge, renames.
    await agent.post('/api/payments').send({ unitId: units[4].id, amount: 5_000, method: 'cash', receivedAt: day(0) }).expect(201);
    await createCharge({ unitId: units[0].id, amount: 4_500, dueDate: day(-40) });
    await agent.patch(`/api/units/${units[3].id}`).send({ unitNumber: '4B' }).expect(200);
    await agent.patch(`/api/properties/${property.id}`).send({ name: 'Torre Renombrada' }).expect(200);
    const now = await get();
    expect(owing(now)).toEqual([['101', 5_500], ['4B', 4_000], ['301', 3_000], ['201', 2_000]]);
    expect(now.rows[0]).toMatchObject({ propertyName: 'Torre Renombrada', overdueCount: 2, oldestDueDate: day(-40), daysLate: 40, buckets: { '0-30': 1_000, '31-60': 4_500 } });
    expect(now.totals).toEqual({ '0-30': 10_000, '31-60': 4_500, '61-90': 0, '90+': 0, overdue: 14_500 });

    // Pages from the start and from the end (read backwards) give the same rows as the whole list.
    const pages = [];
    for (const offset of [0, 1, 2, 3]) pages.push(...owing(await get(`&limit=1&offset=${offset}`)));
    expect(pages).toEqual(owing(now));
    expect(owing(await get('&limit=3&offset=3'))).toEqual([['201', 2_000]]);
    expect((await get('&limit=3&offset=4')).rows).toEqual([]);

    // Twenty days on, the charge due in five days is overdue and every debt is older.
    const later = await delinquencyReport(admin, { propertyId: property.id, offset: 0 }, db(), day(20));
    expect(later.rows[0]).toMatchObject({ unitId: units[0].id, overdue: 12_500, daysLate: 60, buckets: { '0-30': 8_000, '31-60': 4_500 } });
    expect(await db()('unitDebtDays').where({ organizationId: organization.id }).first('asOf')).toEqual({ asOf: day(20) });
    // The worker's sweep brings it back to its day (here, today) without waiting for a report.
    await keepEveryDebtCurrent(day(0));
    expect(await db()('unitDebts').where({ unitId: units[0].id }).first('overdue')).toEqual({ overdue: 5_500 });
  });

  it('is refused to residents (403) and answers nothing of another organization', async () => {
    const { property, units } = await tower([null]);
    await createCharge({ unitId: units[0].id, dueDate: day(-40), description: 'Cuota ajena' });
    const { user } = await createResident({ property, unit: units[0] });
    expect((await (await signedIn(user)).get('/api/billing/delinquency')).status).toBe(403);
    const stranger = await adminWorld();
    const response = await stranger.agent.get('/api/billing/delinquency');
    expect(response.body.rows).toEqual([]);
    expect((await stranger.agent.get(`/api/billing/delinquency?propertyId=${property.id}`)).status).toBe(404);
  });
});

describe('no-debt certificate', () => {
  it('is refused with the amount owed, then issued with a code the public page verifies without personal data', async () => {
    const { agent, property, units, organization } = await tower([null]);
    const { user } = await createResident({ property, unit: units[0], user: { name: 'Rosa', lastName: 'Peña' } });
    const charge = await createCharge({ unitId: units[0].id, amount: 123_450, dueDate: day(-5) });
    const refused = await agent.get(`/api/units/${units[0].id}/no-debt-certificate.pdf`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'unit_has_debt', overdue: 123_450 });
    expect(refused.body.message).toContain('RD$1,234.50');

    await agent.post('/api/payments').send({ unitId: units[0].id, amount: 123_450, method: 'cash', receivedAt: day(0) }).expect(201);
    expect((await db()('charges').where({ id: charge.id }).first()).status).toBe('completed');
    const response = await fetchBytes(await signedIn(user), `/api/units/${units[0].id}/no-debt-certificate.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.body);
    expect(text).toContain('Certificado de no deuda');
    expect(text).toContain(organization.name);
    const code = text.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];
    expect(text).toContain(`/verificar/${code}`);

    const anonymous = await client();
    const verified = await anonymous.get(`/api/certificates/${code}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      code,
      organizationName: organization.name,
      propertyName: property.name,
      unitNumber: units[0].unitNumber,
      issuedOn: day(0),
      validUntil: day(30),
      valid: true,
    });
    expect(JSON.stringify(verified.body)).not.toMatch(/Rosa|Peña|1,234|123450/);
    expect((await anonymous.get('/api/certificates/AAAA-BBBB-CCCC-DDDD')).status).toBe(404);
    expect((await anonymous.get('/api/certificates/%00')).status).toBe(404);
  });
});

describe('late fee waiver', () => {
  it('forgives a pending late fee with a credit note and leaves the ledger balanced', async () => {
    const { agent, property, units, organization, admin } = await tower([null]);
    const overdue = await createCharge({ unitId: units[0].id, amount: 100_000, dueDate: day(-40) });
    const [fee] = await db()('charges')
      .insert({ organizationId: organization.id, propertyId: property.id, unitId: units[0].id, amount: 5_000, type: 'late_fee', dueDate: day(-1), description: 'Mora', invoiceNumber: 'FAC-MORA-1', sourceChargeId: overdue.id, period: `${day(0).slice(0, 7)}-01`, createdById: admin.id })
      .returning('id');
    expect((await agent.post(`/api/charges/${fee.id}/waive`).send({ reason: '' })).body.fields).toEqual({ reason: 'Indique el motivo' });
    expect((await agent.post(`/api/charges/${overdue.id}/waive`).send({ reason: 'No' })).status).toBe(409);
    const waived = await agent.post(`/api/charges/${fee.id}/waive`).send({ reason: 'Primer atraso del año' });
    expect(waived.status).toBe(200);
    expect(waived.body).toMatchObject({ chargeId: fee.id, amount: 5_000 });
    expect((await agent.post(`/api/charges/${fee.id}/waive`).send({ reason: 'Otra vez' })).status).toBe(409);
    const statement = (await agent.get(`/api/units/${units[0].id}/statement`)).body;
    expect(statement.closingBalance).toBe(100_000);
    const summary = (await agent.get(`/api/billing/summary?propertyId=${property.id}`)).body;
    expect(summary.outstanding).toBe(100_000);
    expect(statement.entries.find((entry: { kind: string }) => entry.kind === 'credit_note')).toMatchObject({ payment: 5_000, description: 'Primer atraso del año' });
  });
});
