import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { addDays, todayThere } from '../../shared/time';
import { adminWorld, createCharge, createResident, createUnit, createUser, signedIn } from '../support/factories';
import { testApp } from '../support/services';

/**
 * Collecting money (docs/modules/collections.md): the reminder schedule, "Enviar recordatorio"
 * from Morosidad with its WhatsApp link, a unit's reminders, and who to call in Morosidad.
 */
beforeAll(async () => {
  await testApp();
});

const today = todayThere();

async function tower() {
  const world = await adminWorld({ name: 'Administradora Caribe' });
  const owner = await createUser({ role: 'Propietario', organizationId: world.organization.id, name: 'Ana', lastName: 'Peña', phone: '809-555-1234', email: 'ana.pena@example.com' });
  const owed = await createUnit({ propertyId: world.property.id, unitNumber: '4C', ownerId: owner.id });
  const clear = await createUnit({ propertyId: world.property.id, unitNumber: '5C' });
  const { user: resident } = await createResident({ property: world.property, unit: owed });
  const { user: tenant } = await createResident({ property: world.property, unit: clear, user: { name: 'Luis', lastName: 'Mena', phone: '8295550000' } });
  await createCharge({ unitId: owed.id, dueDate: addDays(today, -20), amount: 1_234_567 });
  await createCharge({ unitId: owed.id, dueDate: addDays(today, -3), amount: 100_000, paidAmount: 34_567 });
  await createCharge({ unitId: owed.id, dueDate: addDays(today, 10), amount: 999_999 });
  return { ...world, owner, owed, clear, resident, tenant };
}

describe('reminder schedule', () => {
  it('answers the default, saves a valid schedule in order, and refuses a bad one with field messages; administrators only', async () => {
    const t = await tower();
    expect((await t.agent.get('/api/billing/reminder-schedule')).body).toEqual({ steps: [-5, 0, 5, 15] });
    const bad = await t.agent.put('/api/billing/reminder-schedule').send({ steps: [0, 0, 200] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields['steps.2']).toBe('Cada paso debe ser un número entero de días entre -30 y 90');
    const repeated = await t.agent.put('/api/billing/reminder-schedule').send({ steps: [0, 0] });
    expect(repeated.body.fields.steps).toBe('Hay días repetidos en el calendario');
    const saved = await t.agent.put('/api/billing/reminder-schedule').send({ steps: [10, -3, 0] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ steps: [-3, 0, 10] });
    expect((await t.agent.get('/api/billing/reminder-schedule')).body).toEqual({ steps: [-3, 0, 10] });
    expect(await db()('events').where({ type: 'billing.reminder_schedule_updated', organizationId: t.organization.id })).toHaveLength(1);
    const resident = await signedIn(t.resident);
    expect((await resident.get('/api/billing/reminder-schedule')).status).toBe(403);
    expect((await resident.put('/api/billing/reminder-schedule').send({ steps: [] })).status).toBe(403);
  });
});

describe('Enviar recordatorio', () => {
  it('reminds each unit of what it owes past due, with a WhatsApp link carrying the amount; none to a unit that owes nothing', async () => {
    const t = await tower();
    const response = await t.agent.post('/api/billing/reminders').send({ unitIds: [t.owed.id, t.clear.id] });
    expect(response.status).toBe(200);
    const [owed, clear] = response.body;
    // 12,345.67 + (1,000.00 - 345.67): the charge not yet due is not counted.
    expect(owed).toMatchObject({ unitId: t.owed.id, sent: true, amount: 1_300_000 });
    const url = new URL(owed.whatsappUrl);
    expect(url.origin + url.pathname).toBe('https://wa.me/18095551234');
    expect(url.searchParams.get('text')).toBe(
      'Saludos de Administradora Caribe. Le recordamos que la unidad 4C de ' + t.property.name + ' tiene un balance vencido de RD$13,000.00. Puede ver el detalle y pagar en Vecindad. Gracias.',
    );
    expect(clear).toEqual({ unitId: t.clear.id, sent: false, amount: 0, whatsappUrl: null });
    const events = await db()('events').where({ type: 'charge.reminder', subjectType: 'unit', subjectId: t.owed.id });
    expect(events.filter((event) => event.audience === 'user').map((event) => event.userId).sort()).toEqual([t.owner.id, t.resident.id].sort());

    // The unit's history: the administrator and the unit's people read it; another unit's resident does not.
    const history = await t.agent.get(`/api/units/${t.owed.id}/reminders`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([expect.objectContaining({ kind: 'manual', amount: 1_300_000, chargeId: null, step: null, sentBy: `${t.admin.name} ${t.admin.lastName}`.trim() })]);
    expect((await (await signedIn(t.resident)).get(`/api/units/${t.owed.id}/reminders`)).body).toHaveLength(1);
    expect((await (await signedIn(t.tenant)).get(`/api/units/${t.owed.id}/reminders`)).status).toBe(404);
  });

  it('is the administrators’: bad input 400, another organization’s unit 404, a resident 403', async () => {
    const t = await tower();
    const bad = await t.agent.post('/api/billing/reminders').send({ unitIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.unitIds).toBe('Seleccione al menos una unidad');
    const other = await adminWorld();
    expect((await other.agent.post('/api/billing/reminders').send({ unitIds: [t.owed.id] })).status).toBe(404);
    expect((await other.agent.get(`/api/units/${t.owed.id}/reminders`)).status).toBe(404);
    expect((await (await signedIn(t.resident)).post('/api/billing/reminders').send({ unitIds: [t.owed.id] })).status).toBe(403);
    expect(await db()('charge_reminders').where({ unitId: t.owed.id })).toHaveLength(0);
  });
});

describe('Morosidad', () => {
  it('shows who to call: the owner with phone and email, else the unit’s resident', async () => {
    const t = await tower();
    await createCharge({ unitId: t.clear.id, dueDate: addDays(today, -40), amount: 50_000 });
    const report = await t.agent.get(`/api/billing/delinquency?propertyId=${t.property.id}`);
    expect(report.status).toBe(200);
    const byUnit = Object.fromEntries(report.body.rows.map((row: { unitNumber: string; contact: unknown }) => [row.unitNumber, row.contact]));
    expect(byUnit['4C']).toEqual({ name: 'Ana Peña', email: 'ana.pena@example.com', phone: '809-555-1234', isOwner: true });
    expect(byUnit['5C']).toMatchObject({ name: 'Luis Mena', phone: '8295550000', isOwner: false });
  });
});
