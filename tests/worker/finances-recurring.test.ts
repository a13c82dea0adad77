import { describe, expect, it } from 'vitest';
import { firstMonthOf, issueRecurringExpense, nextMonth, recurringDue } from '../../server/commands/finances/recurring';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { JOBS, recurringExpenseJobId } from '../../shared/jobs';
import { todayThere, zonedInstant } from '../../shared/time';
import { sweepRecurringExpenses } from '../../worker/jobs/recurring-expenses';
import { adminWorld, createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { waitFor } from '../support/live';
import { useLiveWorld } from '../support/live-world';

/**
 * Recurring expense templates against real PostgreSQL and Redis: the job per template and
 * month follows the template, the expense of a month is issued once whoever runs it (the job,
 * the sweep, two at once, again), never into a closed month, and the sweep restores lost jobs.
 */
const world = useLiveWorld();
const queue = world.queues.billing;
const today = todayThere();
const month = today.slice(0, 7);
const TEMPLATE = { category: 'elevators', amount: 1_250_000, itbis: 225_000, description: 'Contrato de mantenimiento de ascensores', dayOfMonth: 28 };

/** An organization with its administrator (signed in), a property and its operating fund. */
async function building() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id });
  const cookie = await world.cookie(admin);
  const fund = await db()('funds').where({ propertyId: property.id, kind: 'operating' }).first();
  return { organization, admin, property, cookie, fund };
}

async function template(cookie: string, propertyId: number, fields: Record<string, unknown>) {
  const created = await world.api('POST', `/api/properties/${propertyId}/recurring-expenses`, cookie, { ...TEMPLATE, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; firstMonth: string; dayOfMonth: number };
}

/** A template due today whatever the day: its day is the 1st and it issues from this month. */
async function dueToday(cookie: string, propertyId: number, fundId: number) {
  const created = await template(cookie, propertyId, { fundId, dayOfMonth: 1 });
  await db()('recurringExpenses').where({ id: created.id }).update({ firstMonth: month });
  return created;
}

const issuedOf = (templateId: number) => db()('expenses').where({ recurringExpenseId: templateId }).orderBy('id');

describe('recurring expense templates', () => {
  it('are created, listed, changed and removed by administrators only; their job follows them', async () => {
    const { property, cookie, fund, organization } = await building();
    const created = await template(cookie, property.id, { fundId: fund.id });
    const first = firstMonthOf(28, today);
    expect(created).toMatchObject({ ...TEMPLATE, fundId: fund.id, fundName: 'Fondo operativo', active: true, firstMonth: first, lastIssuedMonth: null });
    const jobId = recurringExpenseJobId(created.id, first);
    const job = await waitFor(() => queue.getJob(jobId), 3000, 'el trabajo del gasto recurrente');
    expect(job.name).toBe(JOBS.issueRecurringExpense);
    expect(job.data).toEqual({ templateId: created.id, month: first, dueAt: zonedInstant(`${first}-28`, 6 * 60).toISOString() });

    const listed = await world.api('GET', `/api/properties/${property.id}/recurring-expenses`, cookie);
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([created.id]);
    const moved = await world.api('PATCH', `/api/recurring-expenses/${created.id}`, cookie, { dayOfMonth: 27, amount: 1_300_000 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ dayOfMonth: 27, amount: 1_300_000 });
    await waitFor(async () => (await queue.getJob(jobId))?.data.dueAt === zonedInstant(`${first}-27`, 6 * 60).toISOString(), 3000, 'el trabajo movido');
    expect((await world.api('PATCH', `/api/recurring-expenses/${created.id}`, cookie, { active: false })).status).toBe(200);
    await waitFor(async () => !(await queue.getJob(jobId)), 3000, 'el trabajo quitado');

    const bad = await world.api('POST', `/api/properties/${property.id}/recurring-expenses`, cookie, { ...TEMPLATE, fundId: fund.id, dayOfMonth: 31, amount: 10.5, description: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['amount', 'dayOfMonth', 'description']);
    const elsewhere = await createProperty({ organizationId: organization.id });
    const otherFund = await db()('funds').where({ propertyId: elsewhere.id, kind: 'operating' }).first();
    expect((await world.api('POST', `/api/properties/${property.id}/recurring-expenses`, cookie, { ...TEMPLATE, fundId: otherFund.id })).status).toBe(404);

    const { user: resident } = await createResident({ property: property as never });
    const residentCookie = await world.cookie(resident);
    expect((await world.api('GET', `/api/properties/${property.id}/recurring-expenses`, residentCookie)).status).toBe(403);
    expect((await world.api('PATCH', `/api/recurring-expenses/${created.id}`, residentCookie, { amount: 1 })).status).toBe(403);
    const stranger = await world.cookie((await adminWorld()).admin);
    expect((await world.api('PATCH', `/api/recurring-expenses/${created.id}`, stranger, { amount: 1 })).status).toBe(404);
    expect((await world.api('DELETE', `/api/recurring-expenses/${created.id}`, stranger)).status).toBe(404);

    expect((await world.api('DELETE', `/api/recurring-expenses/${created.id}`, cookie)).status).toBe(204);
    expect((await world.api('GET', `/api/properties/${property.id}/recurring-expenses`, cookie)).body).toEqual([]);
    expect((await world.api('PATCH', `/api/recurring-expenses/${created.id}`, cookie, { amount: 1 })).status).toBe(404);
  });

  it('issues one pending expense per template and month, however many times and from two transactions at once', async () => {
    const { property, cookie, fund } = await building();
    const created = await dueToday(cookie, property.id, fund.id);
    expect(await recurringDue(today)).toContain(created.id);
    const [a, b] = await Promise.all([
      transaction((trx) => issueRecurringExpense(trx, created.id, today)),
      transaction((trx) => issueRecurringExpense(trx, created.id, today)),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await transaction((trx) => issueRecurringExpense(trx, created.id, today))).toBeNull();
    await sweepRecurringExpenses(queue)();
    await sweepRecurringExpenses(queue)();
    const issued = await issuedOf(created.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      propertyId: property.id,
      fundId: fund.id,
      category: 'elevators',
      amount: 1_250_000,
      itbis: 225_000,
      paidAmount: 0,
      status: 'pending',
      issueDate: `${month}-01`,
      recurringMonth: month,
      description: TEMPLATE.description,
    });
    expect(await db()('events').where({ type: 'expense.created', subjectId: issued[0].id })).toHaveLength(1);
    expect(await recurringDue(today)).not.toContain(created.id);
    // Its next job is next month's.
    const listed = await world.api('GET', `/api/properties/${property.id}/recurring-expenses`, cookie);
    expect(listed.body[0].lastIssuedMonth).toBe(month);
    expect(await queue.getJob(recurringExpenseJobId(created.id, nextMonth(month)))).toBeTruthy();
  });

  it('issues nothing before its day or first month, nor for an inactive template', async () => {
    const { property, cookie, fund } = await building();
    const later = await template(cookie, property.id, { fundId: fund.id, dayOfMonth: 28 });
    await db()('recurringExpenses').where({ id: later.id }).update({ firstMonth: month });
    expect(await transaction((trx) => issueRecurringExpense(trx, later.id, `${month}-27`))).toBeNull();
    const future = await template(cookie, property.id, { fundId: fund.id, dayOfMonth: 1 });
    await db()('recurringExpenses').where({ id: future.id }).update({ firstMonth: nextMonth(month) });
    expect(await transaction((trx) => issueRecurringExpense(trx, future.id, today))).toBeNull();
    const paused = await dueToday(cookie, property.id, fund.id);
    await world.api('PATCH', `/api/recurring-expenses/${paused.id}`, cookie, { active: false });
    expect(await transaction((trx) => issueRecurringExpense(trx, paused.id, today))).toBeNull();
    expect(await db()('expenses').where({ propertyId: property.id })).toHaveLength(0);
  });

  it('issues nothing into a closed month; once reopened, the sweep issues it', async () => {
    const { property, cookie, fund } = await building();
    const created = await dueToday(cookie, property.id, fund.id);
    expect((await world.api('POST', `/api/properties/${property.id}/periods/${month}/close`, cookie, {})).status).toBe(200);
    expect(await recurringDue(today)).not.toContain(created.id);
    expect(await transaction((trx) => issueRecurringExpense(trx, created.id, today))).toBeNull();
    await sweepRecurringExpenses(queue)();
    expect(await issuedOf(created.id)).toHaveLength(0);
    expect((await world.api('POST', `/api/properties/${property.id}/periods/${month}/reopen`, cookie, { reason: 'Falta el contrato' })).status).toBe(200);
    await sweepRecurringExpenses(queue)();
    expect(await issuedOf(created.id)).toHaveLength(1);
  });

  describe('with a worker', () => {
    world.useWorker();

    it('its job issues the month expense once and schedules the next month; the sweep restores a lost job', async () => {
      const { property, cookie, fund } = await building();
      const created = await dueToday(cookie, property.id, fund.id);
      const jobId = recurringExpenseJobId(created.id, month);
      // Created today after its day: its first job was next month's; gone, so the run must make it again.
      const next = recurringExpenseJobId(created.id, nextMonth(month));
      await waitFor(() => queue.getJob(next), 3000, 'el trabajo de la plantilla');
      await queue.remove(next);
      for (let i = 0; i < 2; i++) {
        await queue.add(JOBS.issueRecurringExpense, { templateId: created.id, month, dueAt: new Date().toISOString() }, { jobId: `${jobId}-run-${i}` });
      }
      await waitFor(async () => (await issuedOf(created.id)).length === 1, 8000, 'el gasto emitido');
      await waitFor(() => queue.getJob(next), 5000, 'el trabajo del mes siguiente');
      await waitFor(async () => (await queue.getJob(`${jobId}-run-1`))?.isCompleted(), 5000, 'el segundo trabajo');
      expect(await issuedOf(created.id)).toHaveLength(1);

      await queue.remove(next);
      await sweepRecurringExpenses(queue)();
      expect(await queue.getJob(next)).toBeTruthy();
      expect(await issuedOf(created.id)).toHaveLength(1);
    });

    it('closing a month tells the owners and residents of the property of its report (inbox and email), once', async () => {
      const { property, cookie, organization } = await building();
      const { user: resident, unit } = await createResident({ property: property as never });
      const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
      await db()('units').where({ id: unit.id }).update({ ownerId: owner.id });
      const { user: neighbour } = await createResident({ property: (await createProperty({ organizationId: organization.id })) as never });
      expect((await world.api('POST', `/api/properties/${property.id}/periods/${month}/close`, cookie, {})).status).toBe(200);
      const told = await waitFor(async () => {
        const rows = await db()('notifications').where({ type: 'finance_report.published' }).whereIn('userId', [resident.id, owner.id, neighbour.id]);
        return rows.length === 2 ? rows : undefined;
      }, 8000, 'las notificaciones del informe');
      expect(told.map((row) => row.userId).sort((a: number, b: number) => a - b)).toEqual([resident.id, owner.id].sort((a, b) => a - b));
      expect(told[0]).toMatchObject({ category: 'payment', link: `/finances/reportes?propertyId=${property.id}&month=${month}` });
      expect(told[0].payload).toMatchObject({ month, propertyId: property.id });
      await waitFor(async () => (await db()('emailOutbox').whereIn('userId', [resident.id, owner.id]).where('subject', 'like', '%Informe mensual%')).length === 2, 8000, 'los correos del informe');
    });
  });
});
