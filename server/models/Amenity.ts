import { BaseModel } from './BaseModel';

/** `hourlyRate` is integer centavos of RD$; times are 'HH:MM:SS'. */
export class Amenity extends BaseModel {
  static override tableName = 'amenities';

  id!: number;
  name!: string;
  type!: string;
  description!: string | null;
  capacity!: number;
  hourlyRate!: number;
  isBookable!: boolean;
  openingTime!: string | null;
  closingTime!: string | null;
  /** Booking rules (docs/modules/bookings.md); daysOpen are ISO weekdays (1 = Monday). */
  daysOpen!: number[];
  slotMinutes!: number;
  minNoticeHours!: number;
  maxAdvanceDays!: number;
  bufferMinutes!: number;
  maxPerUnitPerMonth!: number | null;
  exclusive!: boolean;
  requiresApproval!: boolean;
  cancelHoursBefore!: number;
  blockIfOverdue!: boolean;
  /** Centavos. */
  deposit!: number;
  propertyId!: number;
  organizationId!: number;
  createdAt!: Date;
  updatedAt!: Date;
  /** Raised by every edit (server/db/versioned.ts). */
  version!: number;
}
