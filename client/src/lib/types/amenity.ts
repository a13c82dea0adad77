import type { AMENITY_TYPES } from '@shared/enums';

export type AmenityType = (typeof AMENITY_TYPES)[number];

/** An amenity as the API answers it (server/presenters/amenity.ts): `hourlyRate` in centavos, hours 'HH:MM'. */
export type Amenity = {
  id: number;
  name: string;
  type: AmenityType;
  description: string | null;
  capacity: number;
  hourlyRate: number;
  isBookable: boolean;
  openingTime: string | null;
  closingTime: string | null;
  /** Booking rules (docs/modules/bookings.md): ISO weekdays open (1 = Monday), minutes, hours, days; deposit in centavos. */
  daysOpen: number[];
  slotMinutes: number;
  minNoticeHours: number;
  maxAdvanceDays: number;
  bufferMinutes: number;
  maxPerUnitPerMonth: number | null;
  exclusive: boolean;
  requiresApproval: boolean;
  cancelHoursBefore: number;
  blockIfOverdue: boolean;
  deposit: number;
  propertyId: number;
  organizationId: number;
  createdAt: string;
  updatedAt: string;
  /** Sent back by an edit (409 when the amenity changed since). */
  version: number;
};
