import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import { OPEN_MAINTENANCE_STATUSES, type MaintenanceStatus } from '../../shared/enums';
import { MAINTENANCE_LABELS, messageText } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import { REOPEN_WINDOW_DAYS, type MaintenanceAction } from '../../shared/schemas/maintenance';
import { db } from '../db';
import { AppError, conflict, forbidden, notFound } from '../errors';
import type { MaintenanceRequest, User } from '../models';
import { actingUnitIds } from './residency';
import { readablePropertyIds } from './tenancy';

/**
 * Who reads and changes which maintenance requests (docs/modules/maintenance.md, docs/permissions.md):
 * administrators every request of the properties they reach; a supplier those assigned to
 * them at properties they staff; owners and residents the requests they opened, while they act
 * for its unit (policies/residency.ts) or, for a common area, read its property: a requester
 * who leaves the unit leaves its requests.
 */

/** A request joined with what its presenter and events need. */
export type RequestRow = ModelObject<MaintenanceRequest> & {
  organizationId: number;
  propertyName: string;
  unitNumber: string | null;
  requesterName: string | null;
  requesterLastName: string | null;
  requesterPhone: string | null;
  requesterRole: string | null;
  assigneeName: string | null;
  assigneeLastName: string | null;
  assigneePhone: string | null;
  photoCount: number;
};

/** Every request with its joins (no reach applied: see readableRequests). */
export function requestRows(trx: Knex = db()): Knex.QueryBuilder {
  return trx('maintenance_requests')
    .join('properties', 'properties.id', 'maintenance_requests.property_id')
    .leftJoin('units', 'units.id', 'maintenance_requests.unit_id')
    .leftJoin('users as requester', 'requester.id', 'maintenance_requests.requested_by_id')
    .leftJoin('users as assignee', 'assignee.id', 'maintenance_requests.assigned_to_id')
    .select(
      'maintenance_requests.*',
      'properties.organizationId',
      'properties.name as propertyName',
      'units.unitNumber',
      'requester.name as requesterName',
      'requester.lastName as requesterLastName',
      'requester.phone as requesterPhone',
      'requester.role as requesterRole',
      'assignee.name as assigneeName',
      'assignee.lastName as assigneeLastName',
      'assignee.phone as assigneePhone',
      trx('maintenance_photos').count('*').whereRaw('maintenance_photos.request_id = maintenance_requests.id').as('photoCount'),
    );
}

/** Restricts a query on `maintenance_requests` (joined with `properties`) to the user's reach. */
export function whereRequestReadable(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  if (isAdministrator(user)) return query.whereIn('maintenance_requests.property_id', readablePropertyIds(user, trx));
  if (user.role === 'Suplidor') {
    return query
      .where('maintenance_requests.assigned_to_id', user.id)
      .whereIn('maintenance_requests.property_id', readablePropertyIds(user, trx));
  }
  if (can(user, 'maintenance.create')) {
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

/** Internal updates are read by administrators and the assignee only. */
export const readsInternal = (roles: RequestRoles) => roles.admin || roles.assignee;

export const isOpen = (status: MaintenanceStatus) => (OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(status);

type Part = keyof RequestRoles;

/**
 * The state machine: for each status, where it may go and who may take it there. Reaching
 * `scheduled` also needs an assignee and a date; a `pending` or `scheduled` request moves
 * between the two by itself as they are set or cleared (commands/maintenance.ts). Declining
 * (the assignee) returns a request to `pending`, unassigned.
 */
const TRANSITIONS: Record<MaintenanceStatus, Partial<Record<MaintenanceStatus, Part[]>>> = {
  pending: { scheduled: ['admin'], 'in-progress': ['admin', 'assignee'], cancelled: ['admin', 'requester'] },
  scheduled: { 'in-progress': ['admin', 'assignee'], cancelled: ['admin'] },
  'in-progress': { completed: ['admin', 'assignee'] },
  completed: { 'in-progress': ['requester'] },
  cancelled: {},
};

const REOPEN_WINDOW_MS = REOPEN_WINDOW_DAYS * 24 * 3600_000;

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
  if (!parts) {
    const labels = MAINTENANCE_LABELS.es.status;
    return conflict(messageText('maintenance_invalid_transition').replace('{from}', labels[row.status]).replace('{to}', labels[to]), 'invalid_transition');
  }
  const roles = rolesOn(user, row);
  if (!parts.some((part) => roles[part])) return forbidden();
  if (row.status === 'completed' && row.completedAt && now.getTime() - new Date(row.completedAt).getTime() > REOPEN_WINDOW_MS) {
    return conflict(messageText('maintenance_reopen_expired'), 'reopen_expired');
  }
  return null;
}

const mayMove = (user: User, row: RequestRow, to: MaintenanceStatus, now: Date) => transitionRefusal(user, row, to, now) === null;

/** What the user may do to the request now: the presenter sends it, the screens show exactly these. */
export function allowedActions(user: User, row: RequestRow, now = new Date()): MaintenanceAction[] {
  const roles = rolesOn(user, row);
  const awaiting = row.status === 'pending' || row.status === 'scheduled';
  const actions: Array<[MaintenanceAction, boolean]> = [
    ['comment', roles.admin || roles.requester || roles.assignee],
    ['commentInternal', readsInternal(roles)],
    ['photo', row.status !== 'cancelled' && (roles.admin || roles.requester || roles.assignee)],
    ['edit', roles.admin && isOpen(row.status)],
    ['cancel', mayMove(user, row, 'cancelled', now)],
    ['accept', roles.assignee && awaiting && !row.acceptedAt],
    ['decline', roles.assignee && awaiting],
    ['start', awaiting && row.assignedToId !== null && mayMove(user, row, 'in-progress', now)],
    ['complete', mayMove(user, row, 'completed', now)],
    ['reopen', row.status === 'completed' && mayMove(user, row, 'in-progress', now)],
    ['rate', roles.requester && row.status === 'completed' && row.rating === null],
  ];
  return actions.filter(([, allowed]) => allowed).map(([action]) => action);
}
