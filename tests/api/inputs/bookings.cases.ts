import { nextDay, zonedInstant, zonedParts } from '../../../shared/time';
import { createAmenity, createBooking } from '../../support/factories';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** Tomorrow at `hour`:00 in Santo Domingo. */
const tomorrowAt = (hour: number) => zonedInstant(nextDay(zonedParts(new Date()).day), hour * 60);

/** Amenity bookings: create (for a resident), decide/cancel, reschedule. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/amenities/:id/bookings',
    as: 'resident',
    request: async (tenant: Tenant) => ({
      path: `/api/amenities/${(await createAmenity({ propertyId: tenant.property.id, capacity: 10 })).id}/bookings`,
      body: { startTime: tomorrowAt(10).toISOString(), endTime: tomorrowAt(11).toISOString(), attendees: 2, purpose: 'Cumpleaños', notes: 'Con decoración' },
    }),
  },
  {
    route: 'PATCH /api/bookings/:id',
    request: async (tenant: Tenant) => {
      const amenity = await createAmenity({ propertyId: tenant.property.id });
      const booking = await createBooking({ amenityId: amenity.id, userId: tenant.resident.id, startTime: tomorrowAt(15), endTime: tomorrowAt(16) });
      return { path: `/api/bookings/${booking.id}`, body: { status: 'cancelled', reason: 'Cambio de planes' } };
    },
  },
  {
    route: 'PATCH /api/bookings/:id',
    as: 'resident',
    request: async (tenant: Tenant) => {
      const amenity = await createAmenity({ propertyId: tenant.property.id });
      const booking = await createBooking({ amenityId: amenity.id, userId: tenant.resident.id, startTime: tomorrowAt(15), endTime: tomorrowAt(16) });
      return { path: `/api/bookings/${booking.id}`, body: { startTime: tomorrowAt(17).toISOString(), endTime: tomorrowAt(18).toISOString() } };
    },
  },
  {
    route: 'GET /api/amenities/:id/availability',
    as: 'resident',
    request: async (tenant: Tenant) => ({
      path: `/api/amenities/${(await createAmenity({ propertyId: tenant.property.id })).id}/availability?from=${tomorrowAt(0).toISOString()}&to=${tomorrowAt(24).toISOString()}`,
    }),
  },
  {
    route: 'GET /api/bookings',
    request: (tenant: Tenant) => ({
      path: `/api/bookings?propertyId=${tenant.property.id}&status=confirmed&mine=false&from=${tomorrowAt(0).toISOString()}&to=${tomorrowAt(24).toISOString()}&q=Piscina&limit=10`,
    }),
  },
];
