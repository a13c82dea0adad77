import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Property } from './Property';
import { Unit } from './Unit';

export class Resident extends BaseModel {
  static override tableName = 'residents';

  id!: number;
  userId!: number;
  propertyId!: number;
  unitId!: number | null;
  status!: 'active' | 'inactive' | 'temporary';
  startDate!: string | null;
  endDate!: string | null;
  isPrimary!: boolean;
  leaseDocument!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  /** Raised by every edit (server/db/versioned.ts). */
  version!: number;

  property?: Property;
  unit?: Unit;

  static override relationMappings = (): RelationMappings => ({
    property: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Property,
      join: { from: 'residents.propertyId', to: 'properties.id' },
    },
    unit: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Unit,
      join: { from: 'residents.unitId', to: 'units.id' },
    },
  });
}
