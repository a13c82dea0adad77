import { describe, expect, it } from 'vitest';
import { issueMonthlyCharges } from '../../server/commands/billingPlans';
import { applyLateFees } from '../../server/commands/lateFees';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { propertyReaders } from '../../server/policies/financeReports';
import { assertPeriodOpen } from '../../server/policies/periods';
import { addDays, todayThere, zonedInstant } from '../../shared/time';
import { adminWorld, createProperty, createResident, createUnit, createUser, eventsOf, signedIn } from '../support/factories';
import { PNG_PROOF, day, fetchBytes, issuedOn, pdfText } from '../support/billing';
import { testApp } from '../support/services';

await testApp();

/**
 * Finances, period close, budget and the owners' monthly report against real PostgreSQL: a
 * closed month refuses every kind of money change (409 period_closed, in the user's language)
 * until it is reopened with a reason; the budget's actuals and the report's figures are exact
 * to the centavo; a published report reaches the owners and residents of its property only.
 */

type Agent = Awaited<ReturnType<typeof signedIn>>;

const today = todayThere();
const thisMonth = today.slice(0, 7);
/** The month before this one, and a day in it. */
const lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
const inLastMonth = `${lastMonth}-15`;
const MONTH_NAMES_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTH_NAMES_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const spanishMonth = (month: string) => `${MONTH_NAMES_ES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const englishMonth = (month: string) => `${MONTH_NAMES_EN[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const fundsOf = async (agent: Agent, propertyId: number, date?: string) =>
  (await agent.get(`/api/properties/${propertyId}/funds${date ? `?date=${date}` : ''}`).expect(200)).body as Array<{ id: number; kind: string; name: string; balance: number }>;

const expense = (agent: Agent, propertyId: number, fundId: number, fields: Record<string, unknown> = {}) =>
  agent.post('/api/expenses').send({ propertyId, fundId, category: 'electricity', issueDate: inLastMonth, amount: 200_000, itbis: 36_000, description: 'Factura de luz', ...fields });

const close = (agent: Agent, propertyId: number, month: string, reason?: string) => agent.post(`/api/properties/${propertyId}/periods/${month}/close`).send(reason ? { reason } : {});
const reopen = (agent: Agent, propertyId: number, month: string, reason?: string) => agent.post(`/api/properties/${propertyId}/periods/${month}/reopen`).send(reason === undefined ? {} : { reason });

function expectClosed(response: { status: number; body: { error: string; message: string } }, month: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(409);
  expect(response.body.error).toBe('period_closed');
  expect(response.body.message).toContain(spanishMonth(month));
}

/** An administrator's property with a unit, its resident, and the funds (operating with an opening balance two months back). */
async function world() {
  const base = await adminWorld();
  const unit = await createUnit({ propertyId: base.property.id, unitNumber: '101' });
  const { user: resident } = await createResident({ property: base.property, unit });
  const [operating, reserve] = await fundsOf(base.agent, base.property.id);
  await base.agent.patch(`/api/funds/${operating.id}`).send({ openingBalance: 5_000_000, openingDate: addDays(`${lastMonth}-01`, -40) }).expect(200);
  return { ...base, unit, resident, operating, reserve };
}

describe('period close', () => {
  it('a closed month refuses every money change dated in it with 409, in the user language; reopening with a reason allows it again', async () => {
    const { agent, property, organization, unit, resident, operating, reserve } = await world();
    // Rows of last month, made while it is open.
    const pending = (await expense(agent, property.id, operating.id).expect(201)).body;
    const paid = (await expense(agent, property.id, operating.id, { category: 'water', amount: 100_000, itbis: 0 }).expect(201)).body;
    await agent.post(`/api/expenses/${paid.id}/payments`).send({ amount: 40_000, paidAt: inLastMonth, method: 'bank_transfer' }).expect(201);
    const recorded = (await agent.post('/api/payments').send({ unitId: unit.id, amount: 120_000, method: 'cash', receivedAt: inLastMonth }).expect(201)).body;
    const residentAgent = await signedIn(resident);
    const reported = (
      await residentAgent
        .post('/api/payments/report')
        .send({ unitId: unit.id, amount: 80_000, receivedAt: inLastMonth, reference: '778899', proof: { fileName: 'transfer.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') } })
        .expect(201)
    ).body;
    // On a unit of its own: the credit of the payment above does not pay it.
    const other = await createUnit({ propertyId: property.id, unitNumber: '102' });
    const fee = (await agent.post('/api/charges').send({ unitId: other.id, type: 'late_fee', amount: 5_000, dueDate: inLastMonth, description: 'Mora' }).expect(201)).body;
    await issuedOn(inLastMonth, [fee.id]);

    const closed = await close(agent, property.id, lastMonth, 'Cierre mensual');
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ month: lastMonth, status: 'closed', history: [{ action: 'closed', reason: 'Cierre mensual' }] });
    expect((await close(agent, property.id, lastMonth)).status).toBe(409);

    expectClosed(await expense(agent, property.id, operating.id), lastMonth);
    expectClosed(await agent.patch(`/api/expenses/${pending.id}`).send({ description: 'Otra' }), lastMonth);
    expectClosed(await agent.post(`/api/expenses/${pending.id}/payments`).send({ amount: 1_000, paidAt: inLastMonth, method: 'cash' }), lastMonth);
    expectClosed(await agent.post(`/api/expenses/${paid.id}/void`).send({ reason: 'Duplicada' }), lastMonth);
    expectClosed(await agent.post('/api/funds/transfers').send({ fromFundId: operating.id, toFundId: reserve.id, amount: 1_000, date: inLastMonth, description: 'Aporte' }), lastMonth);
    expectClosed(await agent.post('/api/payments').send({ unitId: unit.id, amount: 1_000, method: 'cash', receivedAt: inLastMonth }), lastMonth);
    expectClosed(
      await residentAgent
        .post('/api/payments/report')
        .send({ unitId: unit.id, amount: 1_000, receivedAt: inLastMonth, reference: '1234', proof: { fileName: 't.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') } }),
      lastMonth,
    );
    expectClosed(await agent.patch(`/api/payments/${reported.id}`).send({ status: 'confirmed' }), lastMonth);
    expectClosed(await agent.patch(`/api/payments/${reported.id}`).send({ status: 'rejected', reason: 'No llegó' }), lastMonth);
    expectClosed(await agent.patch(`/api/payments/${recorded.id}`).send({ status: 'refunded', reason: 'Error' }), lastMonth);
    expectClosed(await agent.post(`/api/charges/${fee.id}/waive`).send({ reason: 'Cortesía' }), lastMonth);
    // Nothing changed.
    expect((await db()('expenses').where({ propertyId: property.id })).length).toBe(2);
    expect((await db()('payments').where({ id: reported.id }).first()).status).toBe('reported');
    expect((await db()('payments').where({ id: recorded.id }).first()).status).toBe('confirmed');
    expect(await db()('chargeCreditNotes').where({ chargeId: fee.id })).toHaveLength(0);
    // An expense of a closed month is paid in an open one (the payment is dated there).
    expect((await agent.post(`/api/expenses/${pending.id}/payments`).send({ amount: 1_000, paidAt: today, method: 'cash' })).status).toBe(201);

    // In English for an English-speaking administrator.
    const english = await signedIn(await createUser({ role: 'Administrador', organizationId: organization.id, language: 'en' }));
    const refused = await english.post('/api/funds/transfers').send({ fromFundId: operating.id, toFundId: reserve.id, amount: 1_000, date: inLastMonth, description: 'Top-up' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${englishMonth(lastMonth)} is closed`);

    // Reopening needs a reason; then every change goes through.
    const noReason = await reopen(agent, property.id, lastMonth);
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields.reason).toBe('Indique el motivo para reabrir el mes');
    const reopened = await reopen(agent, property.id, lastMonth, 'Factura de agua recibida tarde');
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.history.map((entry: { action: string; reason: string | null }) => [entry.action, entry.reason])).toEqual([
      ['closed', 'Cierre mensual'],
      ['reopened', 'Factura de agua recibida tarde'],
    ]);
    expect(reopened.body.history[1].userName).toBe('Ana Pérez');
    expect(await eventsOf('period.reopened', property.id)).toHaveLength(1);
    expect((await reopen(agent, property.id, lastMonth, 'Otra vez')).status).toBe(409);

    expect((await expense(agent, property.id, operating.id)).status).toBe(201);
    expect((await agent.post(`/api/expenses/${paid.id}/void`).send({ reason: 'Duplicada' })).status).toBe(200);
    expect((await agent.post('/api/funds/transfers').send({ fromFundId: operating.id, toFundId: reserve.id, amount: 1_000, date: inLastMonth, description: 'Aporte' })).status).toBe(201);
    expect((await agent.patch(`/api/payments/${reported.id}`).send({ status: 'confirmed' })).status).toBe(200);
    expect((await agent.post(`/api/charges/${fee.id}/waive`).send({ reason: 'Cortesía' })).status).toBe(200);

    // Closing it again publishes a new version of its report.
    expect((await close(agent, property.id, lastMonth)).status).toBe(200);
    expect(await db()('financeReports').where({ propertyId: property.id, month: lastMonth }).first()).toMatchObject({ status: 'published', version: 2 });
  });

  it('a closed current month refuses charges, and the worker issues no cuotas nor late fees into it; a month still to come cannot be closed', async () => {
    const { agent, property, unit } = await world();
    await agent.put(`/api/properties/${property.id}/billing-plan`).send({ monthlyFee: 300_000, split: 'equal', issueDay: 1, dueDays: 10, reservePercent: 10, lateFee: { kind: 'flat', value: 10_000, graceDays: 0 } }).expect(200);
    await db()('billingPlans').where({ propertyId: property.id }).update({ createdAt: zonedInstant(addDays(`${lastMonth}-01`, -20), 12 * 60) });
    const overdue = (await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 90_000, dueDate: addDays(today, -40), description: 'Cuota vieja' }).expect(201)).body;
    await issuedOn(addDays(today, -45), [overdue.id]);

    const nextMonth = addDays(`${thisMonth}-28`, 5).slice(0, 7);
    const future = await close(agent, property.id, nextMonth);
    expect(future.status).toBe(409);
    expect(future.body.error).toBe('period_future');
    expect((await close(agent, property.id, thisMonth)).status).toBe(200);

    expectClosed(await agent.post('/api/charges').send({ unitId: unit.id, type: 'fees', amount: 10_000, dueDate: day(10), description: 'Carnet' }), thisMonth);
    expectClosed(await agent.post(`/api/properties/${property.id}/charges/split`).send({ type: 'extraordinary', total: 100_000, split: 'equal', dueDate: day(10), description: 'Pintura' }), thisMonth);
    expect(await transaction((trx) => issueMonthlyCharges(trx, property.id, today))).toEqual([]);
    expect(await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }))).toEqual([]);
    expect(await db()('charges').where({ propertyId: property.id })).toHaveLength(1);

    await reopen(agent, property.id, thisMonth, 'Falta la cuota').expect(200);
    expect((await transaction((trx) => issueMonthlyCharges(trx, property.id, today))).length).toBe(1);
    expect((await transaction((trx) => applyLateFees(trx, today, { propertyId: property.id }))).length).toBeGreaterThan(0);
  });

  it('a close waits for a change of the property in flight, and its report counts it', async () => {
    const { agent, property, operating } = await world();
    const trx = await db().transaction();
    await assertPeriodOpen(trx, property.id, inLastMonth);
    await trx('expenses').insert({ organizationId: property.organizationId, propertyId: property.id, fundId: operating.id, category: 'water', issueDate: inLastMonth, amount: 12_345, description: 'Agua', status: 'pending' });
    let settled = false;
    const closing = close(agent, property.id, lastMonth).then((response) => {
      settled = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    await trx.commit();
    expect((await closing).status).toBe(200);
    const report = await db()('financeReports').where({ propertyId: property.id, month: lastMonth }).first();
    expect(report.figures.expenses.total).toBe(12_345);
    await expect(db().transaction((later) => assertPeriodOpen(later, property.id, inLastMonth))).rejects.toMatchObject({ status: 409, code: 'period_closed' });
  });

  it('lists the months of a year with their state; 403 to residents and suppliers, 404 to another organization', async () => {
    const { agent, property, organization, resident } = await world();
    await close(agent, property.id, lastMonth).expect(200);
    const year = lastMonth.slice(0, 4);
    const months = (await agent.get(`/api/properties/${property.id}/periods?year=${year}`).expect(200)).body;
    expect(months).toHaveLength(12);
    expect(months.find((month: { month: string }) => month.month === lastMonth).status).toBe('closed');
    expect(months.filter((month: { status: string }) => month.status === 'closed')).toHaveLength(1);
    const supplier = await signedIn(await createUser({ role: 'Suplidor', organizationId: organization.id }));
    for (const other of [await signedIn(resident), supplier]) {
      expect((await close(other, property.id, lastMonth)).status).toBe(403);
      expect((await other.get(`/api/properties/${property.id}/periods`)).status).toBe(403);
    }
    const stranger = (await adminWorld()).agent;
    expect((await reopen(stranger, property.id, lastMonth, 'x')).status).toBe(404);
    expect((await close(agent, property.id, '2026-13')).status).toBe(400);
  });
});

describe('budget', () => {
  it('saves the year budget and adds the actual expenses per month and to date, exactly', async () => {
    const { agent, property, operating } = await world();
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const electricity = Array.from({ length: 12 }, (_, index) => 300_000 + index);
    const payroll = Array<number>(12).fill(1_500_000);
    const saved = await agent.put(`/api/properties/${property.id}/budget`).send({ year, lines: [{ category: 'electricity', months: electricity }, { category: 'payroll', months: payroll }] });
    expect(saved.status).toBe(200);
    const first = `${year}-01-10`;
    await expense(agent, property.id, operating.id, { issueDate: first, amount: 250_000, itbis: 45_000 }).expect(201);
    await expense(agent, property.id, operating.id, { issueDate: first, amount: 10_001, itbis: 0 }).expect(201);
    const voided = (await expense(agent, property.id, operating.id, { issueDate: first, amount: 999_999, itbis: 0 }).expect(201)).body;
    await agent.post(`/api/expenses/${voided.id}/void`).send({ reason: 'Error' }).expect(200);
    await expense(agent, property.id, operating.id, { issueDate: today, category: 'gardening', amount: 70_000, itbis: 12_600 }).expect(201);
    await expense(agent, property.id, operating.id, { issueDate: `${year - 1}-12-31`, amount: 55_555, itbis: 0 }).expect(201);
    const elsewhere = await createProperty({ organizationId: property.organizationId });
    const [otherFund] = await fundsOf(agent, elsewhere.id);
    await expense(agent, elsewhere.id, otherFund.id, { issueDate: first, amount: 77_777, itbis: 0 }).expect(201);

    const budget = (await agent.get(`/api/properties/${property.id}/budget?year=${year}`).expect(200)).body;
    expect(budget.year).toBe(year);
    expect(budget.throughMonth).toBe(month);
    const line = (category: string) => budget.lines.find((found: { category: string }) => found.category === category);
    const jan = (values: number) => [values, ...Array<number>(11).fill(0)];
    expect(line('electricity').months).toEqual(electricity);
    expect(line('electricity').actual).toEqual(jan(250_000 + 45_000 + 10_001));
    const electricityToDate = electricity.slice(0, month).reduce((a, b) => a + b, 0);
    expect(line('electricity')).toMatchObject({ budgetToDate: electricityToDate, actualToDate: 305_001, variance: electricityToDate - 305_001 });
    expect(line('payroll')).toMatchObject({ budgetToDate: 1_500_000 * month, actualToDate: 0, variance: 1_500_000 * month });
    const gardening = Array<number>(12).fill(0);
    gardening[month - 1] = 82_600;
    expect(line('gardening')).toMatchObject({ months: Array<number>(12).fill(0), actual: gardening, budgetToDate: 0, actualToDate: 82_600, variance: -82_600 });
    expect(budget.totals.actualToDate).toBe(305_001 + 82_600);
    expect(budget.totals.variance).toBe(electricityToDate + 1_500_000 * month - 305_001 - 82_600);

    // Saving again replaces the lines; bad input is refused with field errors.
    await agent.put(`/api/properties/${property.id}/budget`).send({ year, lines: [{ category: 'payroll', months: payroll }] }).expect(200);
    expect(await db()('budgetLines').where({ propertyId: property.id })).toHaveLength(1);
    const bad = await agent.put(`/api/properties/${property.id}/budget`).send({ year, lines: [{ category: 'payroll', months: [1, 2, 3] }, { category: 'payroll', months: Array(12).fill(-1) }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['lines.0.months', 'lines.1.months.0']));
  });
});

describe('the owners monthly report', () => {
  it('has exact figures for a constructed month, is published when the month closes, and reaches its owners and residents only', async () => {
    const { agent, property, organization, unit, resident, operating, reserve } = await world();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    await db()('units').where({ id: unit.id }).update({ ownerId: owner.id });
    const year = Number(lastMonth.slice(0, 4));
    const monthIndex = Number(lastMonth.slice(5, 7)) - 1;
    const planned = Array<number>(12).fill(0);
    planned[monthIndex] = 300_000;
    await agent.put(`/api/properties/${property.id}/budget`).send({ year, lines: [{ category: 'electricity', months: planned }] }).expect(200);

    // Last month: two charges paid by one payment with 50,000 left as credit, expenses, a transfer.
    const cuota = (await agent.post('/api/charges').send({ unitId: unit.id, type: 'maintenance', amount: 300_000, dueDate: inLastMonth, description: 'Cuota' }).expect(201)).body;
    const fees = (await agent.post('/api/charges').send({ unitId: unit.id, type: 'fees', amount: 100_000, dueDate: inLastMonth, description: 'Carnet' }).expect(201)).body;
    await issuedOn(`${lastMonth}-02`, [cuota.id, fees.id]);
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 450_000, method: 'bank_transfer', receivedAt: inLastMonth, reference: 'T-1' }).expect(201);
    const light = (await expense(agent, property.id, operating.id, { amount: 200_000, itbis: 36_000, invoiceNumber: 'F-1' }).expect(201)).body;
    await agent.post(`/api/expenses/${light.id}/payments`).send({ amount: 236_000, paidAt: inLastMonth, method: 'bank_transfer' }).expect(201);
    const guard = (await expense(agent, property.id, operating.id, { category: 'security', amount: 150_000, itbis: 27_000, issueDate: `${lastMonth}-03`, description: 'Vigilancia' }).expect(201)).body;
    const voided = (await expense(agent, property.id, operating.id, { category: 'security', amount: 5_000, itbis: 0 }).expect(201)).body;
    await agent.post(`/api/expenses/${voided.id}/void`).send({ reason: 'Error' }).expect(200);
    await expense(agent, property.id, operating.id, { issueDate: `${thisMonth}-01`, amount: 1_000, itbis: 0 }).expect(201);
    await agent.post('/api/funds/transfers').send({ fromFundId: operating.id, toFundId: reserve.id, amount: 400_000, date: `${lastMonth}-20`, description: 'Aporte a la reserva' }).expect(201);
    // A debt past due today (40 days late: 31-60), of another unit (the credit above does not pay it).
    const debtor = await createUnit({ propertyId: property.id, unitNumber: '102' });
    const old = (await agent.post('/api/charges').send({ unitId: debtor.id, type: 'maintenance', amount: 90_000, dueDate: addDays(today, -40), description: 'Cuota vieja' }).expect(201)).body;
    expect(old.status).toBe('pending');

    const live = (await agent.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`).expect(200)).body;
    expect(live.published).toBeNull();
    expect(live.month).toBe(lastMonth);
    const openingDay = addDays(`${lastMonth}-01`, -1);
    const closingDay = addDays(`${thisMonth}-01`, -1);
    const [before, after] = [await fundsOf(agent, property.id, openingDay), await fundsOf(agent, property.id, closingDay)];
    expect(live.funds).toEqual(after.map((fund) => ({ id: fund.id, name: fund.name, kind: fund.kind, opening: before.find((row) => row.id === fund.id)!.balance, closing: fund.balance })));
    // What moved between opening and closing: the paid expense and the transfer (and billing's income once funds count it).
    const moved = (kind: string) => live.funds.find((fund: { kind: string }) => fund.kind === kind);
    expect(moved('reserve').closing - moved('reserve').opening).toBeGreaterThanOrEqual(400_000);
    expect(live.income).toEqual({ byType: [{ type: 'fees', amount: 100_000 }, { type: 'maintenance', amount: 300_000 }], credit: 50_000, total: 450_000, payments: 1 });
    expect(live.expenses.total).toBe(236_000 + 177_000);
    expect(live.expenses.count).toBe(2);
    expect(live.expenses.byCategory.map((group: { category: string; total: number; items: Array<{ id: number; total: number }> }) => [group.category, group.total, group.items.map((item) => [item.id, item.total])])).toEqual([
      ['electricity', 236_000, [[light.id, 236_000]]],
      ['security', 177_000, [[guard.id, 177_000]]],
    ]);
    expect(live.expenses.byCategory[0].items[0]).toMatchObject({ invoiceNumber: 'F-1', amount: 200_000, itbis: 36_000, status: 'paid', fundName: 'Fondo operativo' });
    expect(live.delinquency).toMatchObject({ asOf: today, units: 1, overdue: 90_000, buckets: { '0-30': 0, '31-60': 90_000, '61-90': 0, '90+': 0 } });
    expect(live.budget.lines).toEqual([
      { category: 'electricity', budget: 300_000, actual: 236_000, variance: 64_000, budgetToDate: 300_000, actualToDate: 236_000, varianceToDate: 64_000 },
      { category: 'security', budget: 0, actual: 177_000, variance: -177_000, budgetToDate: 0, actualToDate: 177_000, varianceToDate: -177_000 },
    ]);
    expect(live).toHaveProperty('bankReconciliation', []);

    // Owners and residents see nothing until the month is closed.
    const [ownerAgent, residentAgent] = [await signedIn(owner), await signedIn(resident)];
    expect((await residentAgent.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`)).status).toBe(404);
    expect((await ownerAgent.get(`/api/properties/${property.id}/reports`).expect(200)).body).toEqual([]);

    await close(agent, property.id, lastMonth).expect(200);
    const report = await db()('financeReports').where({ propertyId: property.id, month: lastMonth }).first();
    expect(await eventsOf('finance_report.published', report.id)).toHaveLength(1);
    const readers = (await propertyReaders(db(), property.id)).map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
    expect(readers).toEqual([resident.id, owner.id].sort((a, b) => a - b));

    for (const reader of [ownerAgent, residentAgent]) {
      const list = await reader.get(`/api/properties/${property.id}/reports`);
      expect(list.status).toBe(200);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.body).toMatchObject([{ month: lastMonth, version: 1 }]);
      const read = (await reader.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`).expect(200)).body;
      expect(read.published).toMatchObject({ version: 1 });
      expect(read.income).toEqual(live.income);
      // The same expenses; their invoice files are listed to the administrator only (the transparency switch is off).
      expect(live.invoices).toBe(true);
      expect(read.invoices).toBe(false);
      type Listed = { byCategory: Array<{ items: Array<Record<string, unknown>> }> };
      const withoutFiles = (expenses: Listed) => ({ ...expenses, byCategory: expenses.byCategory.map((group) => ({ ...group, items: group.items.map(({ invoices: _files, ...item }) => item) })) });
      expect(read.expenses).toEqual(withoutFiles(live.expenses));
      expect(live.expenses.byCategory.flatMap((group: Listed['byCategory'][number]) => group.items.map((item) => item.invoices))).toEqual([[], []]);
      expect((await reader.get(`/api/properties/${property.id}/reports/monthly?month=${thisMonth}`)).status).toBe(404);
    }
    const pdf = await fetchBytes(ownerAgent, `/api/properties/${property.id}/reports/monthly.pdf?month=${lastMonth}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Informe mensual');
    expect(text).toContain(spanishMonth(lastMonth));
    expect(text).toContain('Vigilancia');
    expect(text).toContain('RD$');

    // Later rows do not change the published report; the administrator reads the published one too.
    await agent.post('/api/payments').send({ unitId: debtor.id, amount: 90_000, method: 'cash', receivedAt: today }).expect(201);
    expect((await agent.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`).expect(200)).body.delinquency.overdue).toBe(90_000);

    // People of other properties and organizations: 404; suppliers: 403.
    const { user: neighbour } = await createResident({ property: await createProperty({ organizationId: organization.id }) });
    const strangerAdmin = (await adminWorld()).agent;
    for (const other of [await signedIn(neighbour), strangerAdmin]) {
      expect((await other.get(`/api/properties/${property.id}/reports`)).status).toBe(404);
      expect((await other.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`)).status).toBe(404);
      expect((await other.get(`/api/properties/${property.id}/reports/monthly.pdf?month=${lastMonth}`)).status).toBe(404);
    }
    const supplier = await signedIn(await createUser({ role: 'Suplidor', organizationId: organization.id }));
    expect((await supplier.get(`/api/properties/${property.id}/reports`)).status).toBe(403);
    expect((await supplier.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`)).status).toBe(403);
    // A resident who moved out no longer reads it (signed out when it was their only residence).
    await db()('residents').where({ userId: resident.id }).update({ status: 'inactive' });
    expect([401, 404]).toContain((await residentAgent.get(`/api/properties/${property.id}/reports`)).status);
    expect((await propertyReaders(db(), property.id)).map((row: { id: number }) => row.id)).toEqual([owner.id]);

    // Reopening withdraws it from owners and residents.
    await reopen(agent, property.id, lastMonth, 'Corrección').expect(200);
    expect((await ownerAgent.get(`/api/properties/${property.id}/reports`).expect(200)).body).toEqual([]);
    expect((await ownerAgent.get(`/api/properties/${property.id}/reports/monthly?month=${lastMonth}`)).status).toBe(404);
  });
});

describe('summary', () => {
  it('answers the cards and a 12-month cash flow', async () => {
    const { agent, property, unit, operating } = await world();
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 123_456, method: 'cash', receivedAt: today }).expect(201);
    await agent.post('/api/payments').send({ unitId: unit.id, amount: 10_000, method: 'cash', receivedAt: inLastMonth }).expect(201);
    const bill = (await expense(agent, property.id, operating.id, { issueDate: today, amount: 50_000, itbis: 9_000 }).expect(201)).body;
    await agent.post(`/api/expenses/${bill.id}/payments`).send({ amount: 20_000, paidAt: today, method: 'cash' }).expect(201);
    await expense(agent, property.id, operating.id, { issueDate: inLastMonth, amount: 7_000, itbis: 0 }).expect(201);
    const summary = (await agent.get(`/api/finances/summary?propertyId=${property.id}`).expect(200)).body;
    expect(summary).toMatchObject({ month: thisMonth, monthIncome: 123_456, monthExpenses: 59_000, pendingExpenses: { count: 2, amount: 39_000 + 7_000 } });
    expect(summary.funds.map((fund: { kind: string }) => fund.kind)).toEqual(['operating', 'reserve']);
    expect(summary.cashFlow).toHaveLength(12);
    expect(summary.cashFlow[11]).toEqual({ month: thisMonth, income: 123_456, expenses: 20_000 });
    expect(summary.cashFlow[10]).toEqual({ month: lastMonth, income: 10_000, expenses: 0 });
    expect((await agent.get('/api/finances/summary')).status).toBe(400);
    expect((await (await adminWorld()).agent.get(`/api/finances/summary?propertyId=${property.id}`)).status).toBe(404);
  });
});
