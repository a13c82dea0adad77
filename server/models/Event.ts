import type { EventAudience } from '../../shared/enums';
import { BaseModel } from './BaseModel';

/** A row of the outbox and activity feed (see server/events). */
export class Event extends BaseModel {
  static override tableName = 'events';
  static override hasTimestamps = false;

  id!: number;
  type!: string;
  audience!: EventAudience;
  organizationId!: number;
  propertyId!: number | null;
  userId!: number | null;
  actorId!: number | null;
  subjectType!: string | null;
  subjectId!: number | null;
  payload!: Record<string, unknown>;
  createdAt!: Date;
  publishedAt!: Date | null;
}
