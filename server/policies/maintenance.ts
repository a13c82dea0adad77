import type { Knex } from 'knex';
import { OPEN_MAINTENANCE_STATUSES, type MaintenanceStatus } from '../../shared/enums';
import { MAINTENANCE_LABELS, messageText } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import { REOPEN_WINDOW_DAYS, type MaintenanceAction } from '../../shared/schemas/maintenance';
import { db } from '../db';
import { AppError, conflict, forbidden, notFound } from '../errors';
import type { User } from '../models';
import { requestRows, type RequestRow } from '../rows/maintenance';
import { actingUnitIds } from './residency';
import { readablePropertyIds } from './tenancy';

/**
 * Who reads and changes which maintenance requests (docs/modules/maintenance.md, docs/permissions.md):
 * administrators every request of the properties they reach; a supplier those assigned to
 * them at properties they staff; owners and residents the requests they opened, while they act
 * for its unit (policies/residency.ts) or, for a common area, read its property: a requester
 * who leaves the unit leaves its requests.
 */

/** Open requests (and name their units): administrators, owners and residents, not suppliers (shared/permissions.ts). */
export const opensRequests = (user: User) => can(user, 'maintenance.create');

/** The administrators' tools: every request as CSV, the technicians to assign or filter by. */
export const managesMaintenance = (user: User) => can(user, 'maintenance.manage');

/** Restricts a query on `maintenance_requests` (joined with `properties`) to the user's reach. */
export function whereRequestReadable(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  if (isAdministrator(user)) return query.whereIn('maintenance_requests.property_id', readablePropertyIds(user, trx));
  if (user.role === 'Suplidor') {
    return query
      .where('maintenance_requests.assigned_to_id', user.id)
      .whereIn('maintenance_requests.property_id', readablePropertyIds(user, trx));
  }
  if (opensRequests(user)) {
    return query
      .where('maintenance_requests.requested_by_id', user.id)
      .where('properties.organization_id', user.organizationId)
      .where((reach) =>
        reach
          .whereIn('maintenance_requests.unit_id', actingUnitIds(user, trx))
          .orWhere((common) => common.whereNull('maintenance_requests.unit_id').whereIn('maintenance_requests.property_id', readablePropertyIds(user, trx))),
      );
  }
  return query.whereRaw('false');
}

/** The requests a user may read, with their joins. */
export const readableRequests = (user: User, trx: Knex = db()) => whereRequestReadable(requestRows(trx), user, trx);

/** A request the user may read (locked for the transaction when `lock`), or 404. */
export async function findReadableRequest(user: User, id: number, trx: Knex = db(), lock = false): Promise<RequestRow> {
  const query = readableRequests(user, trx).where('maintenance_requests.id', id).first();
  if (lock) query.forUpdate('maintenance_requests');
  const row = (await query) as RequestRow | undefined;
  if (!row) throw notFound(messageText('maintenance_not_found'));
  row.photoCount = Number(row.photoCount);
  return row;
}

export type RequestRoles = { admin: boolean; requester: boolean; assignee: boolean };

/** The parts the user plays on a request they read (several at once: an administrator may open one). */
export const rolesOn = (user: User, row: Pick<RequestRow, 'requestedById' | 'assignedToId'>): RequestRoles => ({
  admin: isAdministrator(user),
  requester: row.requestedById === user.id,
  assignee: row.assignedToId === user.id && user.role === 'Suplidor',
});

/** Internal updates are read (and written) by administrators and the assignee only; they also see the requester's phone. */
export const readsInternal = (roles: RequestRoles) => roles.admin || roles.assignee;

/** The deadline, the overdue flag, the reopen count and the rating: administrators and the requester (not the supplier). */
export const readsFollowUp = (roles: RequestRoles) => roles.admin || roles.requester;

export const isOpen = (status: MaintenanceStatus) => (OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(status);

/** Waiting for work to start: the assignee may still accept or decline it. */
const awaitingWork = (row: Pick<RequestRow, 'status'>) => row.status === 'pending' || row.status === 'scheduled';

// ---------------------------------------------------------------------------------------------
// One predicate per action: `allowedActions` (the screens' buttons) and the commands ask the same.

/** Comment publicly: everyone the request involves. */
export const mayComment = (user: User, row: RequestRow) => {
  const roles = rolesOn(user, row);
  return roles.admin || roles.requester || roles.assignee;
};

/** Comment internally: administrators and the assignee. */
export const mayCommentInternal = (user: User, row: RequestRow) => readsInternal(rolesOn(user, row));

/** Add a photo: whoever comments, until the request is cancelled. */
export const mayAddPhoto = (user: User, row: RequestRow) => row.status !== 'cancelled' && mayComment(user, row);

/** Triage (priority, scheduled date, assignee): administrators. A closed request refuses triage with 409 (commands). */
export const mayTriage = (user: User, row: RequestRow) => rolesOn(user, row).admin;

/** Answer an assignment (accept or decline it): the assignee. */
export const answersAssignment = (user: User, row: RequestRow) => rolesOn(user, row).assignee;

/** Accept the assignment: the assignee, once, while the work has not started. */
export const mayAccept = (user: User, row: RequestRow) => answersAssignment(user, row) && awaitingWork(row) && !row.acceptedAt;

type Part = keyof RequestRoles;

/**
 * The state machine: for each status, where it may go and who may take it there. Reaching
 * `scheduled` also needs an assignee and a date; a `pending` or `scheduled` request moves
 * between the two by itself as they are set or cleared (commands/maintenance/changes.ts).
 * Declining (the assignee) returns a request to `pending`, unassigned.
 */
const TRANSITIONS: Record<MaintenanceStatus, Partial<Record<MaintenanceStatus, Part[]>>> = {
  pending: { scheduled: ['admin'], 'in-progress': ['admin', 'assignee'], cancelled: ['admin', 'requester'] },
  scheduled: { 'in-progress': ['admin', 'assignee'], cancelled: ['admin'] },
  'in-progress': { completed: ['admin', 'assignee'] },
  completed: { 'in-progress': ['requester'] },
  cancelled: {},
};

const REOPEN_WINDOW_MS = REOPEN_WINDOW_DAYS * 24 * 3600_000;

/** 409: a move the state machine does not have. */
function invalidTransition(from: MaintenanceStatus, to: MaintenanceStatus) {
  const labels = MAINTENANCE_LABELS.es.status;
  return conflict(messageText('maintenance_invalid_transition').replace('{from}', labels[from]).replace('{to}', labels[to]), 'invalid_transition');
}

/**
 * Why the user may not take the request from its status to `to`: 409 for a move the state
 * machine does not have (or a reopening past its window), 403 for one that exists but is not
 * theirs to make; null when they may.
 */
export function transitionRefusal(
  user: User,
  row: Pick<RequestRow, 'status' | 'requestedById' | 'assignedToId' | 'completedAt'>,
  to: MaintenanceStatus,
  now = new Date(),
): AppError | null {
  const parts = TRANSITIONS[row.status][to];
  if (!parts) return invalidTransition(row.status, to);
  const roles = rolesOn(user, row);
  if (!parts.some((part) => roles[part])) return forbidden();
  if (row.status === 'completed' && row.completedAt && now.getTime() - new Date(row.completedAt).getTime() > REOPEN_WINDOW_MS) {
    return conflict(messageText('maintenance_reopen_expired'), 'reopen_expired');
  }
  return null;
}

const mayMove = (user: User, row: RequestRow, to: MaintenanceStatus, now: Date) => transitionRefusal(user, row, to, now) === null;

/**
 * Why the user may not decline the assignment: 403 for anyone but the assignee, 409 once the
 * work started or the request closed (declining returns it to `pending`); null when they may.
 */
export function declineRefusal(user: User, row: RequestRow): AppError | null {
  if (!answersAssignment(user, row)) return forbidden();
  if (!awaitingWork(row)) return invalidTransition(row.status, 'pending');
  return null;
}

/** Why the user may not rate the work: 403 for anyone but the requester, 409 unless completed and not yet rated. */
export function rateRefusal(user: User, row: RequestRow): AppError | null {
  if (!rolesOn(user, row).requester) return forbidden();
  if (row.status !== 'completed') return conflict(messageText('maintenance_rate_completed_only'), 'not_completed');
  if (row.rating !== null) return conflict(messageText('maintenance_already_rated'), 'already_rated');
  return null;
}

/** What the user may do to the request now: the presenter sends it, the screens show exactly these. */
export function allowedActions(user: User, row: RequestRow, now = new Date()): MaintenanceAction[] {
  const actions: Array<[MaintenanceAction, boolean]> = [
    ['comment', mayComment(user, row)],
    ['commentInternal', mayCommentInternal(user, row)],
    ['photo', mayAddPhoto(user, row)],
    ['edit', mayTriage(user, row) && isOpen(row.status)],
    ['cancel', mayMove(user, row, 'cancelled', now)],
    ['accept', mayAccept(user, row)],
    ['decline', declineRefusal(user, row) === null],
    ['start', awaitingWork(row) && row.assignedToId !== null && mayMove(user, row, 'in-progress', now)],
    ['complete', mayMove(user, row, 'completed', now)],
    ['reopen', row.status === 'completed' && mayMove(user, row, 'in-progress', now)],
    ['rate', rateRefusal(user, row) === null],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}

/**
 * The units of a property (read by the user) a request may name: administrators any; owners
 * and residents those they act for now (policies/residency.ts: the units they live in or own,
 * every unit of a property they own). In natural unit-number order.
 */
export function reportableUnits(trx: Knex, user: User, propertyId: number) {
  const units = trx('units').where({ propertyId }).select('id', 'unitNumber').orderByRaw('length(unit_number), unit_number, id');
  if (!isAdministrator(user)) units.whereIn('id', actingUnitIds(user, trx));
  return units;
}
