import type { Knex } from 'knex';
import { OPEN_MAINTENANCE_STATUSES } from '../../../shared/enums';
import { fullName } from '../../../shared/format';
import { messageText } from '../../../shared/messages';
import type { MaintenanceChanges, MaintenancePatchInput } from '../../../shared/schemas/maintenance';
import { claimVersion } from '../../db/versioned';
import { conflict, forbidden, validationError } from '../../errors';
import type { User } from '../../models';
import {
  answersAssignment,
  declineRefusal,
  isOpen,
  mayComment,
  mayCommentInternal,
  mayTriage,
  transitionRefusal,
} from '../../policies/maintenance';
import { staffOf } from '../../policies/staff';
import { reloadRequest, requestRows, type RequestRow } from '../../rows/maintenance';
import { deadlinesOf, dueFrom } from './deadlines';
import { recordRequestEvent } from './events';

/** Changes of a request: triage, the assignee's answer, status moves, comments, and a technician's release (docs/modules/maintenance.md). */

const OPEN = OPEN_MAINTENANCE_STATUSES as readonly string[];

export type RequestChange = Partial<MaintenancePatchInput> & { comment?: string; visibility?: 'public' | 'internal' };

/**
 * Every change of a request but photos and ratings: triage (priority, date, assignee), the
 * assignee's acceptance or refusal, status moves through the state machine, and comments. All
 * of it is one update of the timeline and one event; the request's version moves when it
 * changes. `pending` and `scheduled` follow from the assignee and date unless a status is given.
 */
export async function changeRequest(trx: Knex, actor: User, row: RequestRow, change: RequestChange, now = new Date()): Promise<RequestRow> {
  // Who may make each part of the change: the predicates that give the screens their actions.
  const triage = change.priority !== undefined || change.scheduledDate !== undefined || change.assignedToId !== undefined;
  if (triage && !mayTriage(actor, row)) throw forbidden();
  if (change.accepted !== undefined && !answersAssignment(actor, row)) throw forbidden();
  if (change.visibility === 'internal' && !mayCommentInternal(actor, row)) throw forbidden();
  if (change.comment !== undefined && !mayComment(actor, row)) throw forbidden();

  const next = {
    priority: row.priority,
    scheduledDate: row.scheduledDate,
    assignedToId: row.assignedToId,
    status: row.status,
    acceptedAt: row.acceptedAt,
    completedAt: row.completedAt,
    dueAt: row.dueAt,
    overdueAt: row.overdueAt,
    reopenCount: row.reopenCount,
    rating: row.rating,
    ratingComment: row.ratingComment,
    ratedAt: row.ratedAt,
  };
  const changes: MaintenanceChanges = {};
  const closed = !isOpen(row.status);
  const refuseWhenClosed = () => {
    if (closed) throw conflict(messageText('maintenance_closed'), 'request_closed');
  };

  if (change.priority !== undefined && change.priority !== row.priority) {
    refuseWhenClosed();
    const { deadlineHours } = await deadlinesOf(row.organizationId, trx);
    next.priority = changes.priority = change.priority;
    next.dueAt = dueFrom(row.requestedAt, deadlineHours[change.priority]);
    if (next.dueAt > now) next.overdueAt = null;
  }
  if (change.assignedToId !== undefined && change.assignedToId !== row.assignedToId) {
    refuseWhenClosed();
    changes.assignedTo = change.assignedToId === null ? null : await assignee(trx, row.propertyId, change.assignedToId);
    next.assignedToId = change.assignedToId;
    next.acceptedAt = null;
  }
  if (change.scheduledDate !== undefined && !sameTime(change.scheduledDate, row.scheduledDate)) {
    refuseWhenClosed();
    if (change.scheduledDate && change.scheduledDate.getTime() < now.getTime() - 12 * 3600_000) {
      throw validationError({ scheduledDate: messageText('maintenance_schedule_past') });
    }
    next.scheduledDate = change.scheduledDate;
    changes.scheduledDate = change.scheduledDate?.toISOString() ?? null;
  }
  if (change.accepted === true && !row.acceptedAt && isOpen(row.status)) {
    next.acceptedAt = now;
    changes.accepted = true;
  }
  if (change.accepted === false) {
    // Declining gives the request back to the administrators: pending, unassigned, undated.
    const refusal = declineRefusal(actor, row);
    if (refusal) throw refusal;
    changes.accepted = false;
    changes.assignedTo = null;
    next.assignedToId = null;
    next.acceptedAt = null;
    next.scheduledDate = null;
  }

  if (change.status !== undefined && change.status !== row.status) {
    const refusal = transitionRefusal(actor, row, change.status, now);
    if (refusal) throw refusal;
    next.status = change.status;
    if (change.status === 'scheduled' && !(next.assignedToId && next.scheduledDate)) {
      throw conflict(messageText('maintenance_schedule_needs'), 'schedule_needs_assignee_and_date');
    }
    if (change.status === 'in-progress' && row.status === 'completed') {
      changes.reopened = true;
      next.reopenCount += 1;
      next.completedAt = null;
      next.rating = next.ratingComment = next.ratedAt = null;
    } else if (change.status === 'in-progress') {
      if (!next.assignedToId) throw conflict(messageText('maintenance_start_needs_assignee'), 'start_needs_assignee');
      if (next.assignedToId === actor.id) next.acceptedAt ??= now;
    }
    if (change.status === 'completed') next.completedAt = now;
  } else if (next.status === 'pending' || next.status === 'scheduled') {
    next.status = next.assignedToId && next.scheduledDate ? 'scheduled' : 'pending';
  }
  if (next.status !== row.status) changes.status = next.status;

  const comment = change.comment ?? change.reason ?? null;
  const changed = Object.keys(changes).length > 0;
  if (!changed && comment === null) return row;

  if (changed) {
    await claimVersion(trx, 'maintenance_requests', row.id, change.version);
    await trx('maintenance_requests').where({ id: row.id }).update({ ...next, updatedAt: now });
  }
  // A change is public (the requester follows it); the schema refuses an internal one.
  const visibility = changed ? 'public' : (change.visibility ?? 'public');
  const [update] = await trx('maintenance_updates').insert(
    { requestId: row.id, updatedById: actor.id, content: comment, visibility, status: changes.status ?? null, changes },
    ['id'],
  );
  const updated = await reloadRequest(trx, row.id);
  const internal = visibility === 'internal';
  await recordRequestEvent(
    trx,
    changed ? 'maintenance.updated' : 'maintenance.commented',
    updated,
    actor,
    { updateId: update.id, changes, internal, comment },
    // An assignee replaced or declining still hears of it (their list changes).
    row.assignedToId !== updated.assignedToId ? [row.assignedToId] : [],
  );
  return updated;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b ? new Date(b).getTime() : null);

/** The supplier to assign: maintenance staff of the property, else a field error. */
async function assignee(trx: Knex, propertyId: number, userId: number) {
  if (!(await staffOf({ id: userId }, propertyId, 'maintenance', trx))) {
    throw validationError({ assignedToId: messageText('maintenance_assignee_invalid') });
  }
  const user = await trx('users').where({ id: userId }).first('id', 'name', 'lastName');
  return { id: user.id, name: fullName(user.name, user.lastName) };
}

/**
 * Open requests of a property assigned to a supplier who leaves its maintenance staff go back to
 * the administrators (even work under way: the supplier no longer reads it): pending,
 * unassigned, with an update that says why.
 */
export async function releaseAssignments(trx: Knex, actor: User, propertyId: number, userId: number) {
  const rows = (await requestRows(trx)
    .where({ 'maintenance_requests.property_id': propertyId, 'maintenance_requests.assigned_to_id': userId })
    .whereIn('maintenance_requests.status', OPEN)
    .forUpdate('maintenance_requests')) as RequestRow[];
  for (const row of rows) {
    const changes: MaintenanceChanges = { staffRemoved: true, assignedTo: null, ...(row.status !== 'pending' ? { status: 'pending' as const } : {}) };
    await claimVersion(trx, 'maintenance_requests', row.id);
    await trx('maintenance_requests').where({ id: row.id }).update({ assignedToId: null, acceptedAt: null, scheduledDate: null, status: 'pending' });
    const [update] = await trx('maintenance_updates').insert(
      { requestId: row.id, updatedById: actor.id, status: changes.status ?? null, changes },
      ['id'],
    );
    await recordRequestEvent(trx, 'maintenance.updated', await reloadRequest(trx, row.id), actor, { updateId: update.id, changes }, [userId]);
  }
  return rows.length;
}
