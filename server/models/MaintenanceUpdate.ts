import type { RelationMappings } from 'objection';
import type { MaintenanceStatus } from '../../shared/enums';
import type { MaintenanceChanges } from '../../shared/schemas/maintenance';
import { BaseModel } from './BaseModel';
import { MaintenanceRequest } from './MaintenanceRequest';
import { User } from './User';

export class MaintenanceUpdate extends BaseModel {
  static override tableName = 'maintenanceUpdates';
  static override hasTimestamps = false;

  id!: number;
  requestId!: number;
  updatedById!: number | null;
  content!: string | null;
  attachmentUrl!: string | null;
  status!: MaintenanceStatus | null;
  visibility!: 'public' | 'internal';
  changes!: MaintenanceChanges;
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
