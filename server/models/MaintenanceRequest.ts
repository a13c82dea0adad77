import type { MaintenancePriority, MaintenanceStatus } from '../../shared/enums';
import { BaseModel } from './BaseModel';

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
}
