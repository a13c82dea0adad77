import type {
  MaintenanceDetailView,
  MaintenancePhotoView,
  MaintenanceRequestView,
  MaintenanceUpdateView,
  PersonRef,
} from '../../shared/schemas/maintenance';
import type { User } from '../models';
import { allowedActions, isOpen, readsFollowUp, readsInternal, rolesOn } from '../policies/maintenance';
import type { PhotoRow, RequestRow, UpdateRow } from '../rows/maintenance';
import { fullName } from '../../shared/format';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const presentPhoto = (photo: PhotoRow): MaintenancePhotoView => ({
  id: photo.id,
  fileName: photo.fileName,
  fileType: photo.fileType,
  sizeBytes: photo.sizeBytes,
  url: `/api/maintenance/${photo.requestId}/photos/${photo.id}`,
  createdAt: iso(photo.createdAt)!,
});

/**
 * A request as this viewer may see it. A supplier gets what the job needs (title, description,
 * place, unit, photos, the requester's name and phone), not the deadline or rating; the
 * requester's phone reaches administrators and the assignee only.
 */
export function presentRequest(row: RequestRow, viewer: User, now = new Date()): MaintenanceRequestView {
  const roles = rolesOn(viewer, row);
  const staffView = readsInternal(roles);
  const person = (id: number | null, name: string | null, lastName: string | null, phone: string | null): PersonRef | null =>
    id === null || name === null ? null : { id, name: fullName(name, lastName), ...(staffView ? { phone } : {}) };
  const view: MaintenanceRequestView = {
    id: row.id,
    version: row.version,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    location: row.location,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    requestedAt: iso(row.requestedAt)!,
    requestedBy: person(row.requestedById, row.requesterName, row.requesterLastName, row.requesterPhone),
    assignedTo: row.assignedToId === null || row.assigneeName === null ? null : { id: row.assignedToId, name: fullName(row.assigneeName, row.assigneeLastName) },
    acceptedAt: iso(row.acceptedAt),
    scheduledDate: iso(row.scheduledDate),
    completedAt: iso(row.completedAt),
    photoCount: row.photoCount,
    actions: allowedActions(viewer, row, now),
  };
  if (readsFollowUp(roles)) {
    view.dueAt = iso(row.dueAt);
    view.overdue = isOpen(row.status) && row.dueAt !== null && new Date(row.dueAt) <= now;
    view.reopenCount = row.reopenCount;
    view.rating = row.rating === null ? null : { score: row.rating, comment: row.ratingComment, ratedAt: iso(row.ratedAt)! };
  }
  return view;
}

function presentUpdate(update: UpdateRow, photos: PhotoRow[]): MaintenanceUpdateView {
  return {
    id: update.id,
    actor: update.updatedById === null ? null : { id: update.updatedById, name: fullName(update.actorName, update.actorLastName) },
    content: update.content,
    visibility: update.visibility,
    status: update.status,
    changes: update.changes ?? {},
    photos: photos.filter((photo) => photo.updateId === update.id).map(presentPhoto),
    createdAt: iso(update.createdAt)!,
  };
}

/** `GET /api/maintenance/:id`: the request, its timeline (oldest first) and every photo. */
export function presentDetail(row: RequestRow, viewer: User, timeline: { updates: UpdateRow[]; photos: PhotoRow[] }): MaintenanceDetailView {
  return {
    ...presentRequest(row, viewer),
    updates: timeline.updates.map((update) => presentUpdate(update, timeline.photos)),
    photos: timeline.photos.map(presentPhoto),
  };
}
