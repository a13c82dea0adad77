import type { Knex } from 'knex';
import { OPEN_MAINTENANCE_STATUSES } from '../../../shared/enums';
import { messageText } from '../../../shared/messages';
import { isAdministrator } from '../../../shared/permissions';
import type { MaintenanceChanges, MaintenanceCreateInput, MaintenanceListQuery, MaintenanceSummary } from '../../../shared/schemas/maintenance';
import { db } from '../../db';
import { whereAnyContains } from '../../db/search';
import { validationError } from '../../errors';
import type { User } from '../../models';
import { readsInternal, reportableUnits, rolesOn, whereRequestReadable } from '../../policies/maintenance';
import { findReadableProperty } from '../../policies/properties';
import { photosOf, reloadRequest, requestRows, type RequestRow, type UpdateRow } from '../../rows/maintenance';
import { rememberedPage } from '../../services/listTotals';
import { deadlinesOf, dueFrom } from './deadlines';
import { recordRequestEvent } from './events';

/** Opening requests and reading them: lists, counts, a request's timeline (docs/modules/maintenance.md). */

const OPEN = OPEN_MAINTENANCE_STATUSES as readonly string[];

/** The requests the user reads that match `filters`, on `base` (requests joined with their property: by default, nothing else). */
function filteredRequests(user: User, filters: Partial<MaintenanceListQuery>, trx: Knex, base = trx('maintenance_requests').join('properties', 'properties.id', 'maintenance_requests.property_id')) {
  const query = whereRequestReadable(base, user, trx);
  if (filters.propertyId) query.where('maintenance_requests.property_id', filters.propertyId);
  if (filters.status) query.where('maintenance_requests.status', filters.status);
  if (filters.priority) query.where('maintenance_requests.priority', filters.priority);
  if (filters.assignedToId) query.where('maintenance_requests.assigned_to_id', filters.assignedToId);
  if (filters.overdue) query.whereIn('maintenance_requests.status', OPEN).where('maintenance_requests.due_at', '<=', trx.fn.now());
  if (filters.q) whereAnyContains(query, trx, ['maintenance_requests.title', 'maintenance_requests.location', 'maintenance_requests.description'], filters.q);
  return query;
}

/**
 * One page of the requests the user may read, and the total. Suppliers see their open work
 * first (in progress, then waiting, most urgent first); everyone else the newest first.
 */
export async function listRequests(user: User, filters: MaintenanceListQuery, trx: Knex = db()) {
  // The filters on the page's own query, not as a list of ids it must be in (a generic plan joins that list by reading every request).
  const page = filteredRequests(user, filters, trx, requestRows(trx));
  if (user.role === 'Suplidor' && !isAdministrator(user)) {
    page.orderByRaw(
      `case maintenance_requests.status when 'in-progress' then 0 when 'scheduled' then 1 when 'pending' then 1 when 'completed' then 2 else 3 end,
       case maintenance_requests.priority when 'emergency' then 0 when 'high' then 1 when 'medium' then 2 else 3 end,
       maintenance_requests.scheduled_date asc nulls last`,
    );
  }
  page.orderBy([
    { column: 'maintenance_requests.requested_at', order: 'desc' },
    { column: 'maintenance_requests.id', order: 'desc' },
  ]);
  page.offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage(user, { page, filtered: () => filteredRequests(user, filters, trx) }, trx, {
    finish: (found: RequestRow[]) => found.map((row) => ({ ...row, photoCount: Number(row.photoCount) })),
  });
}

/** Counts per status (and overdue) of the requests the user may read. */
export async function summarize(user: User, propertyId: number | undefined, trx: Knex = db()): Promise<MaintenanceSummary> {
  const rows: Array<{ status: string; count: number; overdue: number }> = await filteredRequests(user, { propertyId }, trx)
    .select('maintenance_requests.status')
    .count('* as count')
    .select(trx.raw('count(*) filter (where maintenance_requests.due_at <= now()) as overdue'))
    .groupBy('maintenance_requests.status');
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return {
    pending: count('pending'),
    scheduled: count('scheduled'),
    inProgress: count('in-progress'),
    completed: count('completed'),
    cancelled: count('cancelled'),
    overdue: rows.filter((row) => OPEN.includes(row.status)).reduce((sum, row) => sum + Number(row.overdue), 0),
  };
}

/** The open requests the user may read (the dashboard's "pending issues"). */
export const countOpenRequests = async (user: User, trx: Knex = db()) =>
  Number((await filteredRequests(user, {}, trx).whereIn('maintenance_requests.status', OPEN).count('* as count').first())?.count ?? 0);

/** The timeline of a request as the user may read it (internal updates for staff only), with each update's photos. */
export async function timelineOf(user: User, row: RequestRow, trx: Knex = db()) {
  const updates = trx('maintenance_updates')
    .leftJoin('users', 'users.id', 'maintenance_updates.updated_by_id')
    .where('maintenance_updates.request_id', row.id)
    .select('maintenance_updates.*', 'users.name as actorName', 'users.lastName as actorLastName')
    .orderBy('maintenance_updates.id');
  if (!readsInternal(rolesOn(user, row))) updates.where('maintenance_updates.visibility', 'public');
  const [rows, photos] = await Promise.all([updates, photosOf(row.id, trx)]);
  return { updates: rows as UpdateRow[], photos };
}

/**
 * A new request on a property the user reads: a unit of it (residents: one they live in) or a
 * common area. Its deadline comes from the organization's setting for its priority.
 */
export async function createRequest(trx: Knex, actor: User, input: MaintenanceCreateInput): Promise<RequestRow> {
  const property = await findReadableProperty(actor, input.propertyId, trx);
  if (input.unitId) await checkUnit(trx, actor, property.id, input.unitId);
  const { deadlineHours } = await deadlinesOf(property.organizationId, trx);
  const requestedAt = new Date();
  const [{ id }] = await trx('maintenance_requests').insert(
    {
      propertyId: property.id,
      unitId: input.unitId ?? null,
      location: input.location,
      requestedById: actor.id,
      title: input.title,
      description: input.description,
      priority: input.priority,
      requestedAt,
      dueAt: dueFrom(requestedAt, deadlineHours[input.priority]),
    },
    ['id'],
  );
  const changes: MaintenanceChanges = { created: true, status: 'pending', priority: input.priority };
  const [update] = await trx('maintenance_updates').insert({ requestId: id, updatedById: actor.id, status: 'pending', changes }, ['id']);
  const row = await reloadRequest(trx, id);
  await recordRequestEvent(trx, 'maintenance.created', row, actor, { updateId: update.id, changes });
  return row;
}

/** A unit a new request names must be one the user may report for (policies/maintenance.ts), else a field error. */
async function checkUnit(trx: Knex, actor: User, propertyId: number, unitId: number) {
  if (!(await reportableUnits(trx, actor, propertyId).where({ id: unitId }).first())) {
    throw validationError({ unitId: messageText('maintenance_unit_invalid') });
  }
}
