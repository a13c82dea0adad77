import type { RelationMappings } from 'objection';
import type { MaintenancePriority, MaintenanceStatus } from '../../shared/enums';
import { BaseModel } from './BaseModel';
import { MaintenanceUpdate } from './MaintenanceUpdate';
import { Property } from './Property';
import { Unit } from './Unit';
import { User } from './User';

export class MaintenanceRequest extends BaseModel {
  static override tableName = 'maintenanceRequests';

  id!: number;
  propertyId!: number;
  unitId!: number | null;
  requestedById!: number | null;
  assignedToId!: number | null;
  title!: string;
  description!: string | null;
  priority!: MaintenancePriority;
  status!: MaintenanceStatus;
  requestedAt!: Date;
  scheduledDate!: Date | null;
  completedAt!: Date | null;
  notes!: string | null;
  version!: number;
  location!: string | null;
  dueAt!: Date | null;
  overdueAt!: Date | null;
  acceptedAt!: Date | null;
  reopenCount!: number;
  rating!: number | null;
  ratingComment!: string | null;
  ratedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  static override relationMappings = (): RelationMappings => ({
    property: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Property,
      join: { from: 'maintenanceRequests.propertyId', to: 'properties.id' },
    },
    unit: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Unit,
      join: { from: 'maintenanceRequests.unitId', to: 'units.id' },
    },
    requestedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'maintenanceRequests.requestedById', to: 'users.id' },
    },
    assignedTo: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'maintenanceRequests.assignedToId', to: 'users.id' },
    },
    updates: {
      relation: BaseModel.HasManyRelation,
      modelClass: MaintenanceUpdate,
      join: { from: 'maintenanceRequests.id', to: 'maintenanceUpdates.requestId' },
    },
  });
}
