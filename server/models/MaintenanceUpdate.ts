import type { MaintenanceStatus } from '../../shared/enums';
import type { MaintenanceChanges } from '../../shared/schemas/maintenance';
import { BaseModel } from './BaseModel';

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
}
