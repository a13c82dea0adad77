import type { BroadcastView } from '../../shared/schemas/broadcasts';
import type { Broadcast } from '../models';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A broadcast as the API answers it and as its events carry it. */
export function presentBroadcast(broadcast: Broadcast): BroadcastView {
  return {
    id: broadcast.id,
    title: broadcast.title,
    message: broadcast.message,
    category: broadcast.category,
    status: broadcast.status,
    propertyId: broadcast.propertyId,
    createdBy: broadcast.createdBy,
    startDate: iso(broadcast.startDate),
    endDate: broadcast.endDate ? iso(broadcast.endDate) : null,
    createdAt: iso(broadcast.createdAt),
    updatedAt: iso(broadcast.updatedAt),
    version: broadcast.version,
  };
}
