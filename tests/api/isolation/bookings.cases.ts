import { nextDay, zonedInstant, zonedParts } from '../../../shared/time';
import { createAmenity, createBooking } from '../../support/factories';
import type { IsolationCase, World } from './types';

const tomorrowAt = (hour: number) => zonedInstant(nextDay(zonedParts(new Date()).day), hour * 60);
const PURPOSE = 'Fiesta secreta ajena';

/** `other`'s amenity with a booking of its resident (purpose PURPOSE). */
async function otherBooking(world: World) {
  const amenity = await createAmenity({ propertyId: world.other.property.id, name: 'Salón ajeno' });
  const booking = await createBooking({ amenityId: amenity.id, userId: world.other.resident.id, startTime: tomorrowAt(10), endTime: tomorrowAt(12), purpose: PURPOSE });
  return { amenity, booking };
}

const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;

/** Bookings of another organization are never found, listed, booked or changed. */
export const cases: IsolationCase[] = [
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/amenities/:id/availability',
      as,
      request: async (world) => ({
        path: `/api/amenities/${(await otherBooking(world)).amenity.id}/availability?from=${encodeURIComponent(tomorrowAt(0).toISOString())}&to=${encodeURIComponent(tomorrowAt(23).toISOString())}`,
      }),
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/bookings',
      as,
      request: async (world) => ({ path: `/api/bookings?amenityId=${(await otherBooking(world)).amenity.id}` }),
      expect: 200,
      mustNotContain: (world) => [PURPOSE, world.other.resident.username, 'Salón ajeno'],
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'POST /api/amenities/:id/bookings',
      as,
      request: async (world) => ({
        path: `/api/amenities/${(await otherBooking(world)).amenity.id}/bookings`,
        body: { startTime: tomorrowAt(14).toISOString(), endTime: tomorrowAt(15).toISOString(), attendees: 1 },
      }),
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'PATCH /api/bookings/:id',
      as,
      request: async (world) => ({ path: `/api/bookings/${(await otherBooking(world)).booking.id}`, body: { status: 'cancelled', reason: 'Intruso' } }),
      mustNotContain: () => [PURPOSE],
    }),
  ),
];
