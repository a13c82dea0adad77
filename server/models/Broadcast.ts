import { BaseModel } from './BaseModel';

export class Broadcast extends BaseModel {
  static override tableName = 'broadcasts';

  id!: number;
  title!: string;
  message!: string;
  category!: 'announcement' | 'maintenance' | 'emergency' | 'event' | 'other';
  status!: 'active' | 'expired' | 'draft';
  propertyId!: number;
  createdBy!: number | null;
  startDate!: Date;
  endDate!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
  /** Raised by every edit (server/db/versioned.ts). */
  version!: number;

  static override modifiers = {
    /** Active now: status active, started, not ended. Right even when no expiry job has run. */
    active(query: import('objection').QueryBuilder<Broadcast>) {
      query
        .where('broadcasts.status', 'active')
        .where('broadcasts.startDate', '<=', BaseModel.fn.now())
        .where((q) => q.whereNull('broadcasts.endDate').orWhere('broadcasts.endDate', '>', BaseModel.fn.now()));
    },
  };
}
