import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { MaintenanceRequest } from './MaintenanceRequest';
import { User } from './User';

export class MaintenanceUpdate extends BaseModel {
  static override tableName = 'maintenanceUpdates';
  static override hasTimestamps = false;

  id!: number;
  requestId!: number;
  updatedById!: number | null;
  content!: string;
  attachmentUrl!: string | null;
  status!: string | null;
  createdAt!: Date;

  static override relationMappings = (): RelationMappings => ({
    request: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: MaintenanceRequest,
      join: { from: 'maintenanceUpdates.requestId', to: 'maintenanceRequests.id' },
    },
    updatedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'maintenanceUpdates.updatedById', to: 'users.id' },
    },
  });
}
