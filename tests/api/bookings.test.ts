import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import type { Amenity, User } from '../../server/models';
import { nextDay, zonedInstant, zonedParts } from '../../shared/time';
import { messageText } from '../../shared/messages';
import { ruleFor } from '../../server/notifications/rules';
import type { LiveEvent } from '../../shared/events';
import { createAmenity, createBooking, createCharge, createOrganization, createProperty, createResident, createStaff, createUser, signedIn } from '../support/factories';
import { testApp } from '../support/services';

beforeAll(async () => {
  await testApp();
});

/** A day `n` days from today in Santo Domingo, and an instant on it. */
const dayIn = (n: number) => {
  let day = zonedParts(new Date()).day;
  for (let i = 0; i < n; i++) day = nextDay(day);
  return day;
};
const at = (n: number, hour: number, minute = 0) => (n < 0 ? zonedInstant(dayIn(0), (hour + 24 * n) * 60 + minute) : zonedInstant(dayIn(n), hour * 60 + minute));
const iso = (date: Date) => date.toISOString();

async function building() {
  const organization = await createOrganization();
  const organizationId = organization.id;
  const admin = await createUser({ role: 'Administrador', organizationId });
  const owner = await createUser({ role: 'Propietario', organizationId });
  const property = await createProperty({ organizationId, ownerId: owner.id });
  const { user: resident, unit } = await createResident({ property, user: { name: 'Ana', lastName: 'Alba' } });
  const { user: neighbour, unit: neighbourUnit } = await createResident({ property, user: { name: 'Berta', lastName: 'Bonilla' } });
  const supplier = await createUser({ role: 'Suplidor', organizationId });
  await createStaff({ propertyId: property.id, userId: supplier.id });
  return { organization, admin, owner, property, resident, unit, neighbour, neighbourUnit, supplier };
}
type Building = Awaited<ReturnType<typeof building>>;

const partyRoom = (b: Building, overrides: Partial<Amenity> = {}) =>
  createAmenity({
    propertyId: b.property.id,
    name: 'Salón de fiestas',
    type: 'event_space',
    capacity: 50,
    openingTime: '08:00',
    closingTime: '22:00',
    exclusive: true,
    hourlyRate: 150_000,
    ...overrides,
  });

const book = async (user: User, amenity: Amenity, start: Date, end: Date, extra: Record<string, unknown> = {}) =>
  (await signedIn(user)).post(`/api/amenities/${amenity.id}/bookings`).send({ startTime: iso(start), endTime: iso(end), attendees: 2, ...extra });

type Entry = { kind: string; charge: number; payment: number; balance: number; description: string | null };
const statementOf = async (b: Building, unitId: number) => (await (await signedIn(b.admin)).get(`/api/units/${unitId}/statement`)).body;

describe('booking rules', () => {
  it('refuses each rule with a message that names it', async () => {
    const b = await building();
    const room = await partyRoom(b, { daysOpen: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== zonedParts(at(3, 12)).weekday), minNoticeHours: 24, maxAdvanceDays: 10, maxPerUnitPerMonth: 1, blockIfOverdue: true, capacity: 10 });
    const agent = await signedIn(b.resident);
    const refused = async (start: Date, end: Date, key: string, status = 400, extra: Record<string, unknown> = {}) => {
      const res = await agent.post(`/api/amenities/${room.id}/bookings`).send({ startTime: iso(start), endTime: iso(end), attendees: 2, ...extra });
      expect(res.status, key).toBe(status);
      expect(res.body.message).toBe(messageText(key));
    };
    await refused(at(3, 10), at(3, 11), 'booking_day_closed');
    await refused(at(2, 7), at(2, 8), 'booking_outside_hours');
    await refused(at(2, 21), at(2, 23), 'booking_outside_hours');
    await refused(at(2, 10, 30), at(2, 11, 30), 'booking_slot_grid');
    await refused(at(-1, 10), at(-1, 11), 'booking_in_past');
    await refused(at(0, 23, 0), at(1, 0), 'booking_outside_hours');
    await refused(at(20, 10), at(20, 11), 'booking_max_advance');
    await refused(at(2, 10), at(2, 11), 'booking_capacity', 400, { attendees: 11 });
    // Minimum notice: an all-day amenity that wants 48 hours; tomorrow is always closer.
    const notice = await createAmenity({ propertyId: b.property.id, name: 'Cancha', minNoticeHours: 48 });
    const tooSoon = await agent.post(`/api/amenities/${notice.id}/bookings`).send({ startTime: iso(at(1, 10)), endTime: iso(at(1, 11)), attendees: 2 });
    expect(tooSoon.body.message).toBe(messageText('booking_min_notice'));

    const overdue = await createCharge({ unitId: b.unit.id, dueDate: '2020-01-01' as never });
    await refused(at(2, 10), at(2, 11), 'booking_overdue_blocked', 409);
    await db()('charges').where({ id: overdue.id }).update({ status: 'refunded' });

    // The monthly cap counts the unit's bookings of the month of the start.
    expect((await book(b.resident, room, at(2, 10), at(2, 11))).status).toBe(201);
    await refused(at(2, 14), at(2, 15), 'booking_monthly_limit', 409);
    // Another unit of the property has its own count.
    expect((await book(b.neighbour, room, at(2, 16), at(2, 17))).status).toBe(201);

    await db()('amenities').where({ id: room.id }).update({ isBookable: false });
    await refused(at(5, 10), at(5, 11), 'booking_not_bookable', 409);
  });

  it('answers 400 with fields for bad input and 403 to suppliers', async () => {
    const b = await building();
    const room = await partyRoom(b);
    const agent = await signedIn(b.resident);
    const bad = await agent.post(`/api/amenities/${room.id}/bookings`).send({ startTime: 'mañana', endTime: iso(at(2, 11)), attendees: 0, purpose: 'x'.repeat(500) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['attendees', 'purpose', 'startTime']);
    const reversed = await agent.post(`/api/amenities/${room.id}/bookings`).send({ startTime: iso(at(2, 11)), endTime: iso(at(2, 10)), attendees: 1 });
    expect(reversed.body.fields.endTime).toBe(messageText('booking_end_before_start'));
    expect((await book(b.supplier, room, at(2, 10), at(2, 11))).status).toBe(403);
    const outsider = await createUser({ role: 'Residente', organizationId: b.organization.id });
    expect((await book(outsider, room, at(2, 10), at(2, 11))).status).toBe(403);
    const range = await agent.get(`/api/amenities/${room.id}/availability?from=${encodeURIComponent(iso(at(1, 0)))}&to=${encodeURIComponent(iso(at(40, 0)))}`);
    expect(range.status).toBe(400);
  });
});

describe('no double booking', () => {
  it('10 simultaneous requests for one exclusive slot: exactly one 201, the rest 409', async () => {
    const b = await building();
    const room = await partyRoom(b, { bufferMinutes: 30 });
    const people = [b.resident, b.neighbour];
    for (let i = 0; i < 8; i++) people.push((await createResident({ property: b.property })).user);
    const agents = await Promise.all(people.map((user) => signedIn(user)));
    const answers = await Promise.all(
      agents.map((agent) => agent.post(`/api/amenities/${room.id}/bookings`).send({ startTime: iso(at(3, 18)), endTime: iso(at(3, 20)), attendees: 5 })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused.map((res) => res.status)).toEqual(Array(9).fill(409));
    expect(refused.every((res) => res.body.message === 'ese horario ya está reservado')).toBe(true);
    // The buffer keeps the next half hour free for cleaning.
    expect((await book(b.resident, room, at(3, 20), at(3, 21))).status).toBe(409);
    expect((await book(b.resident, room, at(3, 21), at(3, 22))).status).toBe(201);
    // The calendar agrees: a booking there would overlap one of them or its buffer, up to 17:00 (ending with its buffer at 18:30).
    const slots = (await (await signedIn(b.neighbour)).get(`/api/amenities/${room.id}/availability?from=${encodeURIComponent(iso(at(3, 0)))}&to=${encodeURIComponent(iso(at(4, 0)))}`)).body;
    const free = Object.fromEntries(slots.map((slot: { start: string; free: boolean }) => [zonedParts(new Date(slot.start)).time, slot.free]));
    expect(free).toEqual({ '08:00': true, '09:00': true, '10:00': true, '11:00': true, '12:00': true, '13:00': true, '14:00': true, '15:00': true, '16:00': true, '17:00': false, '18:00': false, '19:00': false, '20:00': false, '21:00': false });
  });

  it('a shared amenity never holds more attendees than its capacity under 10 simultaneous requests', async () => {
    const b = await building();
    const pool = await createAmenity({ propertyId: b.property.id, name: 'Piscina', capacity: 10, exclusive: false, openingTime: '08:00', closingTime: '20:00' });
    const people = [];
    for (let i = 0; i < 10; i++) people.push((await createResident({ property: b.property })).user);
    const agents = await Promise.all(people.map((user) => signedIn(user)));
    const answers = await Promise.all(
      agents.map((agent) => agent.post(`/api/amenities/${pool.id}/bookings`).send({ startTime: iso(at(2, 9)), endTime: iso(at(2, 11)), attendees: 3 })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.status === 409).every((res) => res.body.message === messageText('booking_capacity_full'))).toBe(true);
    const [{ sum }] = await db()('amenityBookings').where({ amenityId: pool.id }).sum({ sum: 'attendees' });
    expect(Number(sum)).toBe(9);
    // One place left at 10:00 (overlapping), the 11:00 slot is empty.
    const slots = (await (await signedIn(b.resident)).get(`/api/amenities/${pool.id}/availability?from=${encodeURIComponent(iso(at(2, 0)))}&to=${encodeURIComponent(iso(at(3, 0)))}`)).body;
    expect(slots.find((slot: { start: string }) => slot.start === iso(at(2, 10)))).toMatchObject({ free: true, remaining: 1 });
    expect(slots.find((slot: { start: string }) => slot.start === iso(at(2, 11)))).toMatchObject({ free: true, remaining: 10 });
  });
});

describe('approval, cancellation, reschedule', () => {
  it('a booking that needs approval waits; the administrator confirms it and its charges appear on the unit', async () => {
    const b = await building();
    const room = await partyRoom(b, { requiresApproval: true, deposit: 500_000 });
    const created = await book(b.resident, room, at(4, 18), at(4, 20));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', totalCost: 300_000, deposit: 500_000, unitId: b.unit.id });
    expect(await db()('charges').where({ unitId: b.unit.id })).toHaveLength(0);
    const residentApproves = await (await signedIn(b.resident)).patch(`/api/bookings/${created.body.id}`).send({ status: 'confirmed' });
    expect(residentApproves.status).toBe(403);
    const approved = await (await signedIn(b.admin)).patch(`/api/bookings/${created.body.id}`).send({ status: 'confirmed' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('confirmed');
    const charges = await db()('charges').where({ unitId: b.unit.id }).orderBy('id');
    expect(charges.map((c) => [c.type, c.amount, c.status])).toEqual([['fees', 300_000, 'pending'], ['deposit', 500_000, 'pending']]);
    const events = await db()('events').where({ subjectType: 'booking', subjectId: created.body.id, type: 'booking.confirmed' });
    expect(events.map((e) => e.audience).sort()).toEqual(['property', 'user']);
    expect(JSON.stringify(events.find((e) => e.audience === 'property').payload)).not.toContain('Ana');
  });

  it('declining needs a reason and tells the resident', async () => {
    const b = await building();
    const room = await partyRoom(b, { requiresApproval: true });
    const created = await book(b.resident, room, at(4, 10), at(4, 11));
    const admin = await signedIn(b.admin);
    expect((await admin.patch(`/api/bookings/${created.body.id}`).send({ status: 'cancelled' })).body.fields.reason).toBe(messageText('booking_reason_required'));
    const declined = await admin.patch(`/api/bookings/${created.body.id}`).send({ status: 'cancelled', reason: 'Hay mantenimiento ese día' });
    expect(declined.body).toMatchObject({ status: 'cancelled', cancelReason: 'Hay mantenimiento ese día' });
    const told = await db()('events').where({ type: 'booking.cancelled', subjectId: created.body.id, audience: 'user', userId: b.resident.id }).first();
    expect(told.payload).toMatchObject({ reason: 'Hay mantenimiento ese día', declined: true });
    // Declined frees the slot.
    expect((await book(b.neighbour, room, at(4, 10), at(4, 11))).status).toBe(201);
  });

  it('the cancellation window: inside it the charge is voided; after it only an administrator cancels', async () => {
    const b = await building();
    const room = await partyRoom(b, { cancelHoursBefore: 72 });
    const far = await book(b.resident, room, at(6, 10), at(6, 12));
    expect(far.body.status).toBe('confirmed');
    const agent = await signedIn(b.resident);
    const cancelled = await agent.patch(`/api/bookings/${far.body.id}`).send({ status: 'cancelled', reason: 'Viaje' });
    expect(cancelled.status).toBe(200);
    // Voided with a credit note: settled, not owed, and the statement shows why.
    expect((await db()('charges').where({ id: far.body.chargeId }).first())).toMatchObject({ status: 'completed', paidAmount: 300_000 });
    expect(await db()('chargeCreditNotes').where({ chargeId: far.body.chargeId }).first()).toMatchObject({ amount: 300_000, reason: 'Reserva cancelada: Viaje', createdById: b.resident.id });
    const account = await statementOf(b, b.unit.id);
    expect(account.entries.map((e: Entry) => [e.kind, e.charge, e.payment, e.description])).toEqual([
      ['charge', 300_000, 0, expect.stringContaining('Reserva Salón de fiestas')],
      ['credit_note', 0, 300_000, 'Reserva cancelada: Viaje'],
    ]);
    expect(account.closingBalance).toBe(0);
    // The description the server writes says the moment as the screens do, in Spanish (issue 34):
    // "Reserva Salón de fiestas, 4 dic 2026, 10:00", never "2026-12-04 10:00".
    expect(account.entries[0].description).toMatch(/^Reserva Salón de fiestas, \d{1,2} [a-z]{3} \d{4}, 10:00$/);
    expect(await db()('events').where({ type: 'charge.credited', subjectId: far.body.chargeId, audience: 'user', userId: b.resident.id })).toHaveLength(1);

    const near = await book(b.resident, room, at(2, 10), at(2, 12));
    const late = await agent.patch(`/api/bookings/${near.body.id}`).send({ status: 'cancelled', reason: 'Viaje' });
    expect(late.status).toBe(409);
    // The refusal says the rule, with the amenity's hours (issue 26: it said only that the time had passed).
    const rule = 'Regla de cancelación: solo se puede cancelar hasta 72 horas antes del inicio de la reserva';
    expect(late.body).toMatchObject({ error: 'booking_cancel_window', message: rule, fields: { status: rule } });
    await db()('users').where({ id: b.resident.id }).update({ language: 'en' });
    const inEnglish = 'Cancellation rule: a booking can only be cancelled up to 72 hours before it starts';
    expect((await agent.patch(`/api/bookings/${near.body.id}`).send({ status: 'cancelled', reason: 'Viaje' })).body).toMatchObject({ message: inEnglish, fields: { status: inEnglish } });
    const byAdmin = await (await signedIn(b.admin)).patch(`/api/bookings/${near.body.id}`).send({ status: 'cancelled', reason: 'Emergencia' });
    expect(byAdmin.body.status).toBe('cancelled');
    expect((await db()('charges').where({ id: near.body.chargeId }).first()).status).toBe('pending');
    // Someone else's booking cannot be touched by a neighbour.
    const other = await book(b.resident, room, at(5, 10), at(5, 11));
    expect((await (await signedIn(b.neighbour)).patch(`/api/bookings/${other.body.id}`).send({ status: 'cancelled', reason: 'x' })).status).toBe(403);
  });

  it('cancelling a (partly) paid booking: credit notes forgive what is left; what was paid stays paid (a refund gives it back)', async () => {
    const b = await building();
    const room = await partyRoom(b, { deposit: 500_000 });
    const booked = await book(b.resident, room, at(6, 10), at(6, 12));
    expect(booked.body).toMatchObject({ status: 'confirmed', totalCost: 300_000, deposit: 500_000 });
    const admin = await signedIn(b.admin);
    // 500,000 received: the fee (300,000) paid in full, the deposit partly (200,000 of 500,000).
    const paid = await admin.post('/api/payments').send({ unitId: b.unit.id, amount: 500_000, method: 'cash', receivedAt: dayIn(0) });
    expect(paid.status).toBe(201);
    expect((await db()('charges').where({ id: booked.body.chargeId }).first()).status).toBe('completed');

    const cancelled = await (await signedIn(b.resident)).patch(`/api/bookings/${booked.body.id}`).send({ status: 'cancelled', reason: 'Cambio de planes' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ chargeId: null, depositChargeId: null });
    const deposit = await db()('charges').where({ id: booked.body.depositChargeId }).first();
    expect(deposit).toMatchObject({ status: 'completed', paidAmount: 500_000 });
    const notes = await db()('chargeCreditNotes').whereIn('chargeId', [booked.body.chargeId, booked.body.depositChargeId]);
    // The ledger never undoes a payment's allocation: the paid fee gets no credit note, the
    // deposit one for its unpaid 300,000; the 500,000 received stays allocated (not credit).
    expect(notes.map((n) => [n.chargeId, n.amount, n.reason])).toEqual([[booked.body.depositChargeId, 300_000, 'Reserva cancelada: Cambio de planes']]);
    const account = await statementOf(b, b.unit.id);
    expect(account.entries.map((e: Entry) => [e.kind, e.charge, e.payment, e.balance])).toEqual([
      ['charge', 300_000, 0, 300_000],
      ['charge', 500_000, 0, 800_000],
      ['payment', 0, 500_000, 300_000],
      ['credit_note', 0, 300_000, 0],
    ]);
    expect(account.closingBalance).toBe(0);
    const summary = (await admin.get(`/api/billing/summary?propertyId=${b.property.id}`)).body;
    expect(summary).toMatchObject({ outstanding: 0, credit: 0 });
  });

  it('reschedules to a free time under the same rules, never onto a taken one', async () => {
    const b = await building();
    const room = await partyRoom(b);
    const mine = await book(b.resident, room, at(3, 10), at(3, 11));
    await book(b.neighbour, room, at(3, 14), at(3, 15));
    const agent = await signedIn(b.resident);
    const taken = await agent.patch(`/api/bookings/${mine.body.id}`).send({ startTime: iso(at(3, 14)), endTime: iso(at(3, 15)) });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('ese horario ya está reservado');
    expect((await agent.patch(`/api/bookings/${mine.body.id}`).send({ startTime: iso(at(3, 7)), endTime: iso(at(3, 8)) })).body.message).toBe(messageText('booking_outside_hours'));
    const moved = await agent.patch(`/api/bookings/${mine.body.id}`).send({ startTime: iso(at(3, 16)), endTime: iso(at(3, 18)) });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ startTime: iso(at(3, 16)), endTime: iso(at(3, 18)), totalCost: 300_000 });
    const charges = await db()('charges').where({ unitId: b.unit.id }).orderBy('id');
    expect(charges.map((c) => [c.amount, c.status])).toEqual([[150_000, 'completed'], [300_000, 'pending']]);
    expect(await db()('chargeCreditNotes').where({ chargeId: charges[0].id }).first()).toMatchObject({ amount: 150_000, reason: 'Reserva reprogramada' });
    expect((await statementOf(b, b.unit.id)).closingBalance).toBe(300_000);
    // The old time is free again.
    expect((await book(b.neighbour, room, at(3, 10), at(3, 11))).status).toBe(201);
  });

  it('a confirmed booking moved by its resident waits for approval again where the amenity requires it', async () => {
    const b = await building();
    const room = await partyRoom(b, { requiresApproval: true });
    const created = await book(b.resident, room, at(3, 10), at(3, 11));
    await (await signedIn(b.admin)).patch(`/api/bookings/${created.body.id}`).send({ status: 'confirmed' });
    const moved = await (await signedIn(b.resident)).patch(`/api/bookings/${created.body.id}`).send({ startTime: iso(at(3, 12)), endTime: iso(at(3, 13)) });
    expect(moved.body).toMatchObject({ status: 'pending', chargeId: null });
    expect((await db()('charges').where({ unitId: b.unit.id }).first()).status).toBe('completed');
    expect((await statementOf(b, b.unit.id)).closingBalance).toBe(0);
    const byAdmin = await (await signedIn(b.admin)).patch(`/api/bookings/${created.body.id}`).send({ startTime: iso(at(3, 14)), endTime: iso(at(3, 15)) });
    expect(byAdmin.body.status).toBe('pending');
  });
});

describe('privacy and time zone', () => {
  it('residents see only times of other residents’ bookings; administrators see who', async () => {
    const b = await building();
    const room = await partyRoom(b);
    await book(b.resident, room, at(2, 10), at(2, 11), { purpose: 'Cumpleaños de Ana' });
    const seen = await (await signedIn(b.neighbour)).get(`/api/bookings?amenityId=${room.id}`);
    expect(seen.status).toBe(200);
    expect(seen.headers['x-total-count']).toBe('1');
    expect(seen.body[0]).toEqual({ id: expect.any(Number), amenityId: room.id, amenityName: 'Salón de fiestas', propertyId: b.property.id, startTime: iso(at(2, 10)), endTime: iso(at(2, 11)), status: 'confirmed', mine: false });
    expect(JSON.stringify(seen.body)).not.toMatch(/Ana|Alba|Cumpleaños|unitNumber/);
    const admin = await (await signedIn(b.admin)).get(`/api/bookings?amenityId=${room.id}`);
    expect(admin.body[0]).toMatchObject({ userName: 'Ana Alba', unitNumber: b.unit.unitNumber, purpose: 'Cumpleaños de Ana' });
    const mine = await (await signedIn(b.neighbour)).get(`/api/bookings?mine=true`);
    expect(mine.body).toEqual([]);
  });

  it('Santo Domingo times round trip exactly (UTC-4 all year) and slots stay within the local day', async () => {
    const b = await building();
    const room = await partyRoom(b, { slotMinutes: 120 });
    const day = dayIn(3);
    const local = `${day}T18:00:00-04:00`;
    const created = await (await signedIn(b.resident)).post(`/api/amenities/${room.id}/bookings`).send({ startTime: local, endTime: `${day}T20:00:00-04:00`, attendees: 3 });
    expect(created.status).toBe(201);
    expect(created.body.startTime).toBe(new Date(local).toISOString());
    expect(created.body.startTime.slice(11, 16)).toBe('22:00');
    const stored = await db().raw(`select to_char(start_time at time zone 'America/Santo_Domingo', 'YYYY-MM-DD HH24:MI') as local from amenity_bookings where id = ?`, [created.body.id]);
    expect(stored.rows[0].local).toBe(`${day} 18:00`);
    const slots = (await (await signedIn(b.neighbour)).get(`/api/amenities/${room.id}/availability?from=${encodeURIComponent(`${day}T00:00:00-04:00`)}&to=${encodeURIComponent(`${nextDay(day)}T00:00:00-04:00`)}`)).body;
    // 08:00-22:00 in 2-hour slots: 7 slots, the last ending at 22:00 local (02:00 UTC the next day).
    expect(slots.map((slot: { start: string }) => zonedParts(new Date(slot.start)).time)).toEqual(['08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00']);
    expect(slots.every((slot: { start: string; end: string }) => zonedParts(new Date(slot.start)).day === day)).toBe(true);
    expect(slots.find((slot: { start: string }) => slot.start === new Date(local).toISOString())).toMatchObject({ free: false, remaining: 0 });
  });

  it('an administrator books for a resident, and bookings of old rows keep the overlap rule', async () => {
    const b = await building();
    const room = await partyRoom(b);
    const forResident = await (await signedIn(b.admin)).post(`/api/amenities/${room.id}/bookings`).send({ startTime: iso(at(2, 12)), endTime: iso(at(2, 13)), attendees: 1, userId: b.resident.id });
    expect(forResident.status).toBe(201);
    expect(forResident.body).toMatchObject({ userId: b.resident.id, unitId: b.unit.id });
    const stranger = await createUser({ role: 'Residente' });
    expect((await (await signedIn(b.admin)).post(`/api/amenities/${room.id}/bookings`).send({ startTime: iso(at(2, 14)), endTime: iso(at(2, 15)), attendees: 1, userId: stranger.id })).status).toBe(400);
    await createBooking({ amenityId: room.id, userId: b.neighbour.id, startTime: at(5, 10), endTime: at(5, 12) });
    expect((await book(b.resident, room, at(5, 11), at(5, 12))).status).toBe(409);
  });
});

describe('a resident who leaves the unit (issue 26)', () => {
  it('has their live bookings of it cancelled as an administrator cancels them, and changes none of that unit’s any more', async () => {
    const b = await building();
    const room = await partyRoom(b, { cancelHoursBefore: 72 });
    const far = (await book(b.resident, room, at(6, 10), at(6, 12))).body;
    const near = (await book(b.resident, room, at(2, 10), at(2, 12))).body;
    const neighbours = (await book(b.neighbour, room, at(7, 10), at(7, 12))).body;
    expect([far.status, near.status, neighbours.status]).toEqual(['confirmed', 'confirmed', 'confirmed']);

    // The administrator moves them to another unit of the building.
    const admin = await signedIn(b.admin);
    const residence = await db()('residents').where({ userId: b.resident.id, propertyId: b.property.id }).first();
    const moved = await admin.patch(`/api/properties/${b.property.id}/residents/${residence.id}`).send({ name: 'Ana', unit: 'PH-1', createUnit: true, version: residence.version });
    expect(moved.status).toBe(200);

    const reason = messageText('booking_cancelled_resident_left');
    const rows = await db()('amenityBookings').whereIn('id', [far.id, near.id, neighbours.id]).orderBy('id');
    expect(rows.map((row) => [row.status, row.cancelReason])).toEqual([['cancelled', reason], ['cancelled', reason], ['confirmed', null]]);
    // Inside the cancellation window the charge is voided; after it, it stays owed (an administrator's rule).
    expect(await db()('chargeCreditNotes').where({ chargeId: far.chargeId }).first()).toMatchObject({ amount: 300_000, reason: `Reserva cancelada: ${reason}`, createdById: b.admin.id });
    expect((await db()('charges').where({ id: near.chargeId }).first()).status).toBe('pending');
    const told = await db()('events').where({ type: 'booking.cancelled', subjectId: far.id });
    expect(told.map((e) => [e.audience, e.userId, e.actorId])).toEqual(expect.arrayContaining([['property', null, b.admin.id], ['user', b.resident.id, b.admin.id]]));

    // A booking of the unit they left (booked before, by any path) is no longer theirs to change.
    const former = await createBooking({ amenityId: room.id, userId: b.resident.id, unitId: b.unit.id, startTime: at(8, 10), endTime: at(8, 12) });
    const agent = await signedIn(b.resident);
    expect((await agent.patch(`/api/bookings/${former.id}`).send({ status: 'cancelled', reason: 'x' })).status).toBe(403);
    expect((await agent.patch(`/api/bookings/${former.id}`).send({ startTime: iso(at(9, 10)), endTime: iso(at(9, 12)) })).status).toBe(403);
  });
});

describe('who is told', () => {
  it('administrators of a booking to approve; the booker of the decision, never the neighbours', async () => {
    const b = await building();
    const room = await partyRoom(b, { requiresApproval: true });
    const created = await book(b.resident, room, at(4, 10), at(4, 11));
    const recipients = async (type: string, audience: string) => {
      const event = (await db()('events').where({ type, subjectId: created.body.id, audience }).first()) as LiveEvent;
      return (await ruleFor(type)!.recipients(event, db())).map((row: { id: number }) => row.id);
    };
    expect(await recipients('booking.created', 'property')).toEqual([b.admin.id]);
    expect(await recipients('booking.created', 'user')).toEqual([]);
    await (await signedIn(b.admin)).patch(`/api/bookings/${created.body.id}`).send({ status: 'confirmed' });
    expect(await recipients('booking.confirmed', 'user')).toEqual([b.resident.id]);
    expect(await recipients('booking.confirmed', 'property')).toEqual([]);
    const event = (await db()('events').where({ type: 'booking.confirmed', subjectId: created.body.id, audience: 'user' }).first()) as LiveEvent;
    expect(ruleFor('booking.confirmed')!.text.es(event.payload).title).toBe('Reserva confirmada: Salón de fiestas');
  });
});
