import type { RelationMappings } from 'objection';
import { Amenity } from './Amenity';
import { BaseModel } from './BaseModel';
import { User } from './User';

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

  static override relationMappings = (): RelationMappings => ({
    amenity: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Amenity,
      join: { from: 'amenityBookings.amenityId', to: 'amenities.id' },
    },
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'amenityBookings.userId', to: 'users.id' },
    },
  });
}
