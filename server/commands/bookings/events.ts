import type { EventType } from '../../../shared/events';
import type { Amenity, AmenityBooking } from '../../models';

export const bookingPayload = (booking: AmenityBooking, amenity: Amenity, extra: Record<string, unknown> = {}) => ({
  id: booking.id,
  amenityId: amenity.id,
  amenityName: amenity.name,
  startTime: booking.startTime,
  endTime: booking.endTime,
  status: booking.status,
  ...extra,
});

/**
 * The calendar's event (every open calendar of the property updates: times only, no one's
 * name) and, for the booker, the same with what concerns them (approval, decline, reminder).
 */
export function bookingEvents(type: EventType, actorId: number | null, booking: AmenityBooking, amenity: Amenity, extra: Record<string, unknown> = {}) {
  const base = { organizationId: amenity.organizationId, propertyId: amenity.propertyId, actorId, subject: { type: 'booking', id: booking.id } };
  return [
    { ...base, type, audience: 'property' as const, payload: bookingPayload(booking, amenity) },
    { ...base, type, audience: 'user' as const, userId: booking.userId, payload: bookingPayload(booking, amenity, extra) },
  ];
}
