import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Property } from './Property';
import { Unit } from './Unit';
import { User } from './User';

export class Visitor extends BaseModel {
  static override tableName = 'visitors';

  id!: number;
  hostId!: number;
  propertyId!: number;
  unitId!: number | null;
  name!: string;
  email!: string | null;
  phone!: string | null;
  purpose!: string | null;
  visitType!: 'guest' | 'service';
  expectedArrival!: Date | null;
  expectedDeparture!: Date | null;
  checkInTime!: Date | null;
  checkOutTime!: Date | null;
  status!: 'scheduled' | 'checked-in' | 'checked-out' | 'cancelled';
  accessCode!: string;
  notes!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  static override relationMappings = (): RelationMappings => ({
    host: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'visitors.hostId', to: 'users.id' },
    },
    property: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Property,
      join: { from: 'visitors.propertyId', to: 'properties.id' },
    },
    unit: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Unit,
      join: { from: 'visitors.unitId', to: 'units.id' },
    },
  });
}
