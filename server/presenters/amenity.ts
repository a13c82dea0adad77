import type { Amenity } from '../models';

const minutes = (time: string | null) => (time ? time.slice(0, 5) : null);

/** An amenity as the API answers it: `hourlyRate` in integer centavos, hours as 'HH:MM'. */
export function presentAmenity(amenity: Amenity) {
  return {
    id: amenity.id,
    name: amenity.name,
    type: amenity.type,
    description: amenity.description,
    capacity: amenity.capacity,
    hourlyRate: amenity.hourlyRate,
    isBookable: amenity.isBookable,
    openingTime: minutes(amenity.openingTime),
    closingTime: minutes(amenity.closingTime),
    daysOpen: amenity.daysOpen,
    slotMinutes: amenity.slotMinutes,
    minNoticeHours: amenity.minNoticeHours,
    maxAdvanceDays: amenity.maxAdvanceDays,
    bufferMinutes: amenity.bufferMinutes,
    maxPerUnitPerMonth: amenity.maxPerUnitPerMonth,
    exclusive: amenity.exclusive,
    requiresApproval: amenity.requiresApproval,
    cancelHoursBefore: amenity.cancelHoursBefore,
    blockIfOverdue: amenity.blockIfOverdue,
    deposit: amenity.deposit,
    propertyId: amenity.propertyId,
    organizationId: amenity.organizationId,
    createdAt: amenity.createdAt,
    updatedAt: amenity.updatedAt,
    version: amenity.version,
  };
}
export type PresentedAmenity = ReturnType<typeof presentAmenity>;
