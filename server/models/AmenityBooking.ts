import { BaseModel } from './BaseModel';

export class AmenityBooking extends BaseModel {
  static override tableName = 'amenityBookings';

  id!: number;
  amenityId!: number;
  userId!: number;
  startTime!: Date;
  endTime!: Date;
  status!: 'pending' | 'confirmed' | 'cancelled' | 'completed';
  attendees!: number;
  purpose!: string | null;
  notes!: string | null;
  totalCost!: number;
  unitId!: number | null;
  /** Copied from the amenity: the exclusion constraint holds for exclusive amenities only. */
  exclusive!: boolean;
  /** End plus the amenity's buffer: no other exclusive booking may start before it. */
  blocksUntil!: Date;
  cancelReason!: string | null;
  deposit!: number;
  chargeId!: number | null;
  depositChargeId!: number | null;
  remindedAt!: Date | null;
  decidedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
