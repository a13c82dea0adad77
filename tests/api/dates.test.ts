import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../server/db';
import { messageText } from '../../shared/messages';
import { nextDay, todayThere, zonedInstant } from '../../shared/time';
import { createAmenity, createBooking, createBroadcast, createMaintenanceRequest, createVisitorPass, signedIn } from '../support/factories';
import { testApp } from '../support/services';
import { createTenant } from './isolation/world';
import type { Tenant } from './isolation/types';

/**
 * Dates and times people send (issue 26): a day that is not on the calendar (2026-11-31,
 * 2026-02-30) and a day outside 1900..2100 answer 400 naming the field, on every route that
 * reads one, never a 500 and never a date shifted to another day. The input suite
 * (tests/api/input-limits.test.ts) tries the same on every route's valid request; this file
 * names the message each answers.
 */

beforeAll(async () => {
  await testApp();
});

const OUT_OF_RANGE = messageText('date_out_of_range');
const tomorrowAt = (hour: number) => zonedInstant(nextDay(todayThere()), hour * 60).toISOString();

type Send = { as: keyof Omit<Tenant, 'organization' | 'property' | 'unit'>; method: 'get' | 'post' | 'patch'; path: string; body?: object };
type Case = [label: string, request: (t: Tenant) => Promise<Send> | Send, field: string, message: string];

const bookingBody = (startTime: string, endTime: string) => ({ startTime, endTime, attendees: 2 });
const amenityOf = (t: Tenant) => createAmenity({ propertyId: t.property.id, capacity: 10, maxAdvanceDays: 365 });
const passBody = (t: Tenant, fields: object) => ({ propertyId: t.property.id, unitId: t.unit.id, name: 'Rosa Niñera', ...fields });

const CASES: Case[] = [
  // Bookings: a start on a day that does not exist was read as the next day.
  [
    'a booking that starts on 2026-11-31',
    async (t) => ({ as: 'resident', method: 'post', path: `/api/amenities/${(await amenityOf(t)).id}/bookings`, body: bookingBody('2026-11-31T10:00:00-04:00', '2026-11-31T11:00:00-04:00') }),
    'startTime',
    messageText('booking_time_invalid'),
  ],
  [
    'a booking moved to 2027-02-30',
    async (t) => {
      const booking = await createBooking({ amenityId: (await amenityOf(t)).id, userId: t.resident.id });
      return { as: 'resident', method: 'patch', path: `/api/bookings/${booking.id}`, body: { startTime: '2027-02-30T10:00:00-04:00', endTime: '2027-02-30T11:00:00-04:00' } };
    },
    'startTime',
    messageText('booking_time_invalid'),
  ],
  [
    'a booking in year 9999',
    async (t) => ({ as: 'resident', method: 'post', path: `/api/amenities/${(await amenityOf(t)).id}/bookings`, body: bookingBody('9999-12-01T10:00:00Z', '9999-12-01T11:00:00Z') }),
    'startTime',
    OUT_OF_RANGE,
  ],
  [
    'an availability range in year 9999',
    async (t) => ({ as: 'resident', method: 'get', path: `/api/amenities/${(await amenityOf(t)).id}/availability?from=9999-12-01T00:00:00Z&to=9999-12-31T00:00:00Z` }),
    'from',
    OUT_OF_RANGE,
  ],
  ['bookings listed from 2026-04-31', () => ({ as: 'admin', method: 'get', path: '/api/bookings?from=2026-04-31T00:00:00Z' }), 'from', messageText('booking_time_invalid')],
  ['bookings listed up to 1899', () => ({ as: 'admin', method: 'get', path: '/api/bookings?to=1899-12-31T00:00:00Z' }), 'to', OUT_OF_RANGE],

  // Visitors: an arrival or a pass's end in year 9999 was a 500.
  [
    'a visitor arriving in year 9999',
    (t) => ({ as: 'resident', method: 'post', path: '/api/visitors', body: passBody(t, { expectedArrival: '9999-12-01T10:00:00Z' }) }),
    'expectedArrival',
    OUT_OF_RANGE,
  ],
  [
    'a pass ending in year 9999',
    (t) => ({ as: 'resident', method: 'post', path: '/api/visitors', body: passBody(t, { expectedArrival: tomorrowAt(10), expectedDeparture: '9999-12-31T10:00:00Z' }) }),
    'expectedDeparture',
    OUT_OF_RANGE,
  ],
  [
    'a recurring pass from and until year 9999',
    (t) => ({
      as: 'resident',
      method: 'post',
      path: '/api/visitors',
      body: passBody(t, { expectedArrival: '9999-12-01T10:00:00Z', recurrence: { until: '9999-12-31', weekdays: [1, 2, 3] } }),
    }),
    'recurrence.until',
    OUT_OF_RANGE,
  ],
  [
    'a recurring pass until 2027-06-31',
    (t) => ({ as: 'resident', method: 'post', path: '/api/visitors', body: passBody(t, { expectedArrival: tomorrowAt(10), recurrence: { until: '2027-06-31', weekdays: [1] } }) }),
    'recurrence.until',
    messageText('visitor_until_invalid'),
  ],
  [
    'a pass moved to year 9999',
    async (t) => ({
      as: 'resident',
      method: 'patch',
      path: `/api/visitors/${(await createVisitorPass({ propertyId: t.property.id, unitId: t.unit.id, hostId: t.resident.id })).id}`,
      body: { expectedArrival: '9999-12-01T10:00:00Z' },
    }),
    'expectedArrival',
    OUT_OF_RANGE,
  ],
  ['visitors listed from year 9999', () => ({ as: 'admin', method: 'get', path: '/api/visitors?from=9999-12-31' }), 'from', OUT_OF_RANGE],
  ['visitors exported up to 2026-09-31', () => ({ as: 'admin', method: 'get', path: '/api/visitors/export.csv?to=2026-09-31' }), 'to', messageText('day_invalid')],

  // Billing: charges, payments, statements and their filters.
  [
    'a charge due in year 9999',
    (t) => ({ as: 'admin', method: 'post', path: '/api/charges', body: { unitId: t.unit.id, type: 'maintenance', amount: 100_000, dueDate: '9999-12-31', description: 'Cuota' } }),
    'dueDate',
    OUT_OF_RANGE,
  ],
  [
    'a split due in 1899',
    (t) => ({ as: 'admin', method: 'post', path: `/api/properties/${t.property.id}/charges/split`, body: { total: 100_000, split: 'equal', dueDate: '1899-12-31', description: 'Techo' } }),
    'dueDate',
    OUT_OF_RANGE,
  ],
  [
    'a payment received in 1800',
    (t) => ({ as: 'admin', method: 'post', path: '/api/payments', body: { unitId: t.unit.id, amount: 100_000, method: 'cash', receivedAt: '1800-01-01' } }),
    'receivedAt',
    OUT_OF_RANGE,
  ],
  ['charges due from year 9999', () => ({ as: 'admin', method: 'get', path: '/api/charges?from=9999-01-01' }), 'from', OUT_OF_RANGE],
  ['charges exported up to year 2101', () => ({ as: 'admin', method: 'get', path: '/api/charges/export?to=2101-01-01' }), 'to', OUT_OF_RANGE],
  ['payments received up to year 9999', () => ({ as: 'admin', method: 'get', path: '/api/payments?to=9999-12-31' }), 'to', OUT_OF_RANGE],
  ['payments exported from 2026-02-29', () => ({ as: 'admin', method: 'get', path: '/api/payments/export?from=2026-02-29' }), 'from', messageText('billing_date_invalid')],
  ['a statement from year 9999', (t) => ({ as: 'admin', method: 'get', path: `/api/units/${t.unit.id}/statement?from=9999-12-31` }), 'from', OUT_OF_RANGE],
  ['a statement CSV up to year 9999', (t) => ({ as: 'admin', method: 'get', path: `/api/units/${t.unit.id}/statement.csv?to=9999-12-31` }), 'to', OUT_OF_RANGE],
  ['a statement PDF up to 1899', (t) => ({ as: 'admin', method: 'get', path: `/api/units/${t.unit.id}/statement.pdf?to=1899-01-01` }), 'to', OUT_OF_RANGE],

  // Maintenance and broadcasts.
  [
    'a repair scheduled in year 9999',
    async (t) => ({ as: 'admin', method: 'patch', path: `/api/maintenance/${(await createMaintenanceRequest({ propertyId: t.property.id })).id}`, body: { scheduledDate: '9999-12-31T13:00:00Z' } }),
    'scheduledDate',
    OUT_OF_RANGE,
  ],
  [
    'a repair scheduled on 2027-02-29',
    async (t) => ({ as: 'admin', method: 'patch', path: `/api/maintenance/${(await createMaintenanceRequest({ propertyId: t.property.id })).id}`, body: { scheduledDate: '2027-02-29' } }),
    'scheduledDate',
    messageText('date_invalid'),
  ],
  [
    'a notice ending in year 9999',
    (t) => ({
      as: 'admin',
      method: 'post',
      path: `/api/properties/${t.property.id}/broadcasts`,
      body: { title: 'Corte de agua', message: 'No habrá agua el martes.', endDate: '9999-12-31T00:00:00Z' },
    }),
    'endDate',
    OUT_OF_RANGE,
  ],
  [
    'a notice moved to start in 1899',
    async (t) => ({ as: 'admin', method: 'patch', path: `/api/broadcasts/${(await createBroadcast({ propertyId: t.property.id })).id}`, body: { startDate: '1899-12-31' } }),
    'startDate',
    OUT_OF_RANGE,
  ],
];

describe('dates and times people send', () => {
  it.each(CASES)('%s answers 400 naming the field', async (_label, request, field, message) => {
    const tenant = await createTenant({ type: 'master' });
    const { as, method, path, body } = await request(tenant);
    const agent = await signedIn(tenant[as]);
    const response = await (body === undefined ? agent[method](path) : agent[method](path).send(body));
    expect(response.status, String(response.text).slice(0, 300)).toBe(400);
    expect(response.body.fields?.[field], JSON.stringify(response.body)).toBe(message);
  });

  it('in English too', async () => {
    const tenant = await createTenant({ type: 'master' });
    await db()('users').where({ id: tenant.admin.id }).update({ language: 'en' });
    const agent = await signedIn(tenant.admin);
    expect((await agent.get('/api/charges?from=9999-01-01')).body.fields).toEqual({ from: messageText('date_out_of_range', 'en') });
    expect((await agent.get('/api/visitors?from=2026-11-31')).body.fields).toEqual({ from: messageText('day_invalid', 'en') });
  });

  it('the first and last days of the range are taken', async () => {
    const tenant = await createTenant({ type: 'master' });
    const agent = await signedIn(tenant.admin);
    for (const path of ['/api/charges?from=1900-01-01&to=2100-12-31', '/api/visitors?from=1900-01-01&to=2100-12-31', `/api/units/${tenant.unit.id}/statement?from=1900-01-01&to=2100-12-31`]) {
      expect((await agent.get(path)).status, path).toBe(200);
    }
    expect((await agent.get('/api/bookings?from=1900-01-01T12:00:00Z&to=2100-12-31T23:59:59-04:00')).status).toBe(200);
  });
});
