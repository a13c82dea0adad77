import path from 'node:path';
import type { Knex } from 'knex';
import { OPEN_MAINTENANCE_STATUSES } from '../../shared/enums';
import type { EventType } from '../../shared/events';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import {
  DEFAULT_DEADLINE_HOURS,
  MAINTENANCE_PHOTO_TYPES,
  MAX_MAINTENANCE_PHOTO_BYTES,
  MAX_PHOTOS_PER_REQUEST,
  MaintenanceSettingsSchema,
  type MaintenanceChanges,
  type MaintenanceCreateInput,
  type MaintenanceEventPayload,
  type MaintenanceListQuery,
  type MaintenancePatchInput,
  type MaintenancePhotoInput,
  type MaintenanceRatingInput,
  type MaintenanceSettings,
  type MaintenanceSummary,
} from '../../shared/schemas/maintenance';
import { db } from '../db';
import { claimVersion } from '../db/versioned';
import { badRequest, conflict, forbidden, payloadTooLarge, validationError } from '../errors';
import { recordEvent, type EventInput } from '../events/outbox';
import { User } from '../models';
import {
  allowedActions,
  isOpen,
  readsInternal,
  requestRows,
  rolesOn,
  transitionRefusal,
  whereRequestReadable,
  type RequestRow,
} from '../policies/maintenance';
import { findReadableProperty } from '../policies/properties';
import { actingUnitIds } from '../policies/residency';
import { staffOf } from '../policies/staff';
import { decodeBase64, sniffMimeType } from '../services/files';
import { whereAnyContains } from '../db/search';
import { rememberedPage } from '../services/listTotals';
import { fullName } from '../../shared/format';

const OPEN = OPEN_MAINTENANCE_STATUSES as readonly string[];

// ---------------------------------------------------------------------------------------------
// Deadlines

/** The response deadlines (hours per priority) of an organization: its settings, else the defaults. */
export async function deadlinesOf(organizationId: number, trx: Knex = db()): Promise<MaintenanceSettings> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw("settings -> 'maintenance' as maintenance"));
  const parsed = MaintenanceSettingsSchema.safeParse(row?.maintenance ?? {});
  return parsed.success ? parsed.data : { deadlineHours: { ...DEFAULT_DEADLINE_HOURS } };
}

const dueFrom = (requestedAt: Date, hours: number) => new Date(new Date(requestedAt).getTime() + hours * 3600_000);

/**
 * Saves an organization's deadlines and moves the deadline of its open requests to match (a
 * request no longer past its new deadline stops being overdue). The worker's jobs read the
 * deadline from the row, and its sweep catches any that became due.
 */
export async function updateDeadlines(trx: Knex, actor: User, input: MaintenanceSettings) {
  const organizationId = actor.organizationId;
  await trx('organizations')
    .where({ id: organizationId })
    .update({ settings: trx.raw("jsonb_set(coalesce(settings, '{}'::jsonb), '{maintenance}', ?::jsonb)", [JSON.stringify(input)]) });
  const open = () =>
    trx('maintenance_requests')
      .whereIn('status', OPEN)
      .whereIn('propertyId', trx('properties').select('id').where({ organizationId }));
  for (const [priority, hours] of Object.entries(input.deadlineHours)) {
    await open().where({ priority }).update({ dueAt: trx.raw('requested_at + make_interval(hours => ?)', [hours]) });
  }
  await open().whereNotNull('overdueAt').where('dueAt', '>', trx.fn.now()).update({ overdueAt: null });
  await recordEvent(trx, {
    type: 'maintenance.settings_updated',
    organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'organization', id: organizationId },
    payload: input,
  });
  return input;
}

/**
 * Marks overdue the open requests past their deadline (all, or only `requestId`): the flag, an
 * internal update of the timeline and `maintenance.overdue` for the administrators. Idempotent:
 * a request already marked, closed, or given a later deadline is left alone.
 */
export async function markOverdueRequests(trx: Knex, options: { requestId?: number; limit?: number } = {}) {
  const due = trx('maintenance_requests')
    .select('id')
    .whereIn('status', OPEN)
    .whereNull('overdueAt')
    .where('dueAt', '<=', trx.fn.now())
    .orderBy('id')
    .limit(options.limit ?? 500)
    .forUpdate();
  if (options.requestId) due.where({ id: options.requestId });
  else due.skipLocked();
  const marked: Array<{ id: number }> = await trx('maintenance_requests').whereIn('id', due).update({ overdueAt: trx.fn.now() }, ['id']);
  if (!marked.length) return [];
  const rows = (await requestRows(trx).whereIn('maintenance_requests.id', marked.map((row) => row.id))) as RequestRow[];
  for (const row of rows) {
    const changes: MaintenanceChanges = { overdue: true };
    const [update] = await trx('maintenance_updates').insert({ requestId: row.id, visibility: 'internal', changes }, ['id']);
    await recordEvent(trx, { ...eventBase('maintenance.overdue', row, null, { updateId: update.id, changes }), audience: 'administrators' });
  }
  return rows;
}

/** When an open, not yet overdue request reaches its deadline (by the database clock); null when nothing is due. */
export async function pendingDeadline(requestId: number, trx: Knex = db()) {
  const row = await trx('maintenance_requests')
    .where({ id: requestId })
    .whereIn('status', OPEN)
    .whereNull('overdueAt')
    .whereNotNull('dueAt')
    .first('dueAt', trx.raw('extract(epoch from (due_at - now())) * 1000 as due_in_ms'));
  return row ? { dueAt: new Date(row.dueAt), dueInMs: Math.max(0, Math.ceil(Number(row.dueInMs))) } : null;
}

// ---------------------------------------------------------------------------------------------
// Events

function eventBase(type: EventType, row: RequestRow, actorId: number | null, extra: Partial<MaintenanceEventPayload> = {}) {
  const payload: MaintenanceEventPayload = {
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    propertyId: row.propertyId,
    ...extra,
  };
  return {
    type,
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    actorId,
    subject: { type: 'maintenance_request', id: row.id },
    payload,
  };
}

/**
 * A change of a request, told live to who follows it: the organization's administrators, the
 * requester while they may still read it (policies/maintenance.ts: not once they left its
 * unit) and the assignee (and an assignee just removed), each once. Suppliers, owners and
 * residents hear it in their own room (suppliers join no property room, and a property's room
 * would reach every neighbour); an internal change skips the requester.
 */
async function recordRequestEvent(
  trx: Knex,
  type: EventType,
  row: RequestRow,
  actor: User | null,
  extra: Partial<MaintenanceEventPayload> & { internal?: boolean } = {},
  alsoTell: Array<number | null> = [],
) {
  const base = eventBase(type, row, actor?.id ?? null, extra);
  const requester = extra.internal ? null : await followingRequester(trx, row);
  const people = [requester, row.assignedToId, ...alsoTell].filter((id): id is number => id !== null);
  // Administrators read it in the administrators' room already.
  const administrators = people.length
    ? new Set<number>(await trx('users').whereIn('id', people).where({ role: 'Administrador' }).pluck('id'))
    : new Set<number>();
  const events: EventInput[] = [{ ...base, audience: 'administrators' }];
  for (const userId of new Set(people)) {
    if (!administrators.has(userId)) events.push({ ...base, audience: 'user', userId });
  }
  await recordEvent(trx, ...events);
}

/** The request's requester, when they may still read it. */
async function followingRequester(trx: Knex, row: RequestRow): Promise<number | null> {
  const requester = row.requestedById ? await User.query(trx).findById(row.requestedById) : undefined;
  if (!requester) return null;
  const readable = whereRequestReadable(trx('maintenance_requests').join('properties', 'properties.id', 'maintenance_requests.property_id'), requester, trx);
  return (await readable.where('maintenance_requests.id', row.id).first('maintenance_requests.id')) ? requester.id : null;
}

// ---------------------------------------------------------------------------------------------
// Reading

function filteredRequests(user: User, filters: Partial<MaintenanceListQuery>, trx: Knex) {
  const query = whereRequestReadable(
    trx('maintenance_requests').join('properties', 'properties.id', 'maintenance_requests.property_id'),
    user,
    trx,
  );
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
  const ids = filteredRequests(user, filters, trx).select('maintenance_requests.id');
  const page = requestRows(trx).whereIn('maintenance_requests.id', ids);
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
export type UpdateRow = {
  id: number;
  updatedById: number | null;
  actorName: string | null;
  actorLastName: string | null;
  content: string | null;
  visibility: 'public' | 'internal';
  status: RequestRow['status'] | null;
  changes: MaintenanceChanges;
  createdAt: Date;
};
export type PhotoRow = { id: number; requestId: number; updateId: number | null; fileName: string | null; fileType: string; sizeBytes: number; createdAt: Date };

export const photosOf = (requestId: number, trx: Knex = db()): Promise<PhotoRow[]> =>
  trx('maintenance_photos')
    .where({ requestId })
    .select('id', 'requestId', 'updateId', 'fileName', 'fileType', 'sizeBytes', 'createdAt')
    .orderBy('id');

/** The bytes of one photo of a request. */
export async function photoContent(requestId: number, photoId: number, trx: Knex = db()) {
  return trx('maintenance_photos').where({ id: photoId, requestId }).first('fileType', 'fileName', 'content', 'sizeBytes');
}

// ---------------------------------------------------------------------------------------------
// Writing

const reload = async (trx: Knex, id: number) => {
  const row = (await requestRows(trx).where('maintenance_requests.id', id).first()) as RequestRow;
  return { ...row, photoCount: Number(row.photoCount) };
};

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
  const row = await reload(trx, id);
  await recordRequestEvent(trx, 'maintenance.created', row, actor, { updateId: update.id, changes });
  return row;
}

/**
 * The units of a property (read by the user) a request may name: administrators any; owners
 * and residents those they act for now (policies/residency.ts: the units they live in or own,
 * every unit of a property they own). In natural unit-number order.
 */
export function reportableUnits(trx: Knex, actor: User, propertyId: number) {
  const units = trx('units').where({ propertyId }).select('id', 'unitNumber').orderByRaw('length(unit_number), unit_number, id');
  if (!isAdministrator(actor)) units.whereIn('id', actingUnitIds(actor, trx));
  return units;
}

async function checkUnit(trx: Knex, actor: User, propertyId: number, unitId: number) {
  if (!(await reportableUnits(trx, actor, propertyId).where({ id: unitId }).first())) {
    throw validationError({ unitId: messageText('maintenance_unit_invalid') });
  }
}

export type RequestChange = Partial<MaintenancePatchInput> & { comment?: string; visibility?: 'public' | 'internal' };

/**
 * Every change of a request but photos and ratings: triage (priority, date, assignee), the
 * assignee's acceptance or refusal, status moves through the state machine, and comments. All
 * of it is one update of the timeline and one event; the request's version moves when it
 * changes. `pending` and `scheduled` follow from the assignee and date unless a status is given.
 */
export async function changeRequest(trx: Knex, actor: User, row: RequestRow, change: RequestChange, now = new Date()): Promise<RequestRow> {
  const roles = rolesOn(actor, row);
  const triage = change.priority !== undefined || change.scheduledDate !== undefined || change.assignedToId !== undefined;
  if (triage && !roles.admin) throw forbidden();
  if (change.accepted !== undefined && !roles.assignee) throw forbidden();
  if (change.visibility === 'internal' && !readsInternal(roles)) throw forbidden();
  if (change.comment !== undefined && !(roles.admin || roles.requester || roles.assignee)) throw forbidden();

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
    if (row.status !== 'pending' && row.status !== 'scheduled') throw transitionRefusal(actor, row, 'pending', now) ?? forbidden();
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
  const updated = await reload(trx, row.id);
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

// The sniffer names HEIC stills by their brand: heic (most phones) or mif1 (heif).
const SNIFFED_AS: Record<string, readonly string[]> = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/webp': ['image/webp'],
  'image/heic': ['image/heic', 'image/heif'],
  'image/heif': ['image/heic', 'image/heif'],
};

/**
 * A photo of the request (its own update of the timeline), checked like documents: valid
 * base64, at most 10 MB, and declared type, file name and magic bytes agreeing on an image type.
 */
export async function addPhoto(trx: Knex, actor: User, row: RequestRow, input: MaintenancePhotoInput) {
  if (!allowedActions(actor, row).includes('photo')) throw forbidden();
  const bytes = decodeBase64(input.content);
  if (!bytes || !bytes.length) {
    const message = messageText('maintenance_photo_invalid_content');
    throw badRequest(message, 'invalid_content', { content: message });
  }
  if (bytes.length > MAX_MAINTENANCE_PHOTO_BYTES) throw payloadTooLarge(messageText('maintenance_photo_too_large'));
  const extension = input.fileName === null ? undefined : path.extname(input.fileName).toLowerCase();
  const extensionAgrees = !extension || (MAINTENANCE_PHOTO_TYPES[input.fileType] as readonly string[]).includes(extension);
  const sniffed = await sniffMimeType(bytes);
  if (!extensionAgrees || !sniffed || !SNIFFED_AS[input.fileType].includes(sniffed)) {
    const message = messageText('maintenance_photo_type');
    throw badRequest(message, 'invalid_file_type', { fileType: message });
  }
  if (row.photoCount >= MAX_PHOTOS_PER_REQUEST) throw conflict(messageText('maintenance_photo_limit'), 'photo_limit');

  const changes: MaintenanceChanges = { photo: true };
  const [update] = await trx('maintenance_updates').insert({ requestId: row.id, updatedById: actor.id, changes }, ['id']);
  const [photo] = await trx('maintenance_photos').insert(
    { requestId: row.id, updateId: update.id, uploadedById: actor.id, fileName: input.fileName, fileType: input.fileType, sizeBytes: bytes.length, content: bytes },
    ['id', 'requestId', 'updateId', 'fileName', 'fileType', 'sizeBytes', 'createdAt'],
  );
  await recordRequestEvent(trx, 'maintenance.photo_added', row, actor, { updateId: update.id, changes });
  return photo as PhotoRow;
}

/** The requester's score of completed work, once per completion (reopening clears it). */
export async function rateRequest(trx: Knex, actor: User, row: RequestRow, input: MaintenanceRatingInput) {
  if (!rolesOn(actor, row).requester) throw forbidden();
  if (row.status !== 'completed') throw conflict(messageText('maintenance_rate_completed_only'), 'not_completed');
  if (row.rating !== null) throw conflict(messageText('maintenance_already_rated'), 'already_rated');
  await claimVersion(trx, 'maintenance_requests', row.id);
  await trx('maintenance_requests').where({ id: row.id }).update({ rating: input.score, ratingComment: input.comment, ratedAt: trx.fn.now() });
  const changes: MaintenanceChanges = { rating: input.score };
  const [update] = await trx('maintenance_updates').insert({ requestId: row.id, updatedById: actor.id, content: input.comment, changes }, ['id']);
  const updated = await reload(trx, row.id);
  await recordRequestEvent(trx, 'maintenance.rated', updated, actor, { updateId: update.id, changes, comment: input.comment });
  return updated;
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
    await recordRequestEvent(trx, 'maintenance.updated', await reload(trx, row.id), actor, { updateId: update.id, changes }, [userId]);
  }
  return rows.length;
}
