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
