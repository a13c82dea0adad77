import type { Knex } from 'knex';
import { OPEN_MAINTENANCE_STATUSES } from '../../../shared/enums';
import { DEFAULT_DEADLINE_HOURS, MaintenanceSettingsSchema, type MaintenanceChanges, type MaintenanceSettings } from '../../../shared/schemas/maintenance';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { requestRows, type RequestRow } from '../../rows/maintenance';
import { eventBase } from './events';

/**
 * Response deadlines (docs/modules/maintenance.md, "Deadlines and overdue requests"): hours per
 * priority from a request's creation, set per organization; the worker marks a request overdue
 * at its deadline.
 */

const OPEN = OPEN_MAINTENANCE_STATUSES as readonly string[];

/** The response deadlines (hours per priority) of an organization: its settings, else the defaults. */
export async function deadlinesOf(organizationId: number, trx: Knex = db()): Promise<MaintenanceSettings> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw("settings -> 'maintenance' as maintenance"));
  const parsed = MaintenanceSettingsSchema.safeParse(row?.maintenance ?? {});
  return parsed.success ? parsed.data : { deadlineHours: { ...DEFAULT_DEADLINE_HOURS } };
}

/** The deadline of a request made at `requestedAt` with `hours` to answer. */
export const dueFrom = (requestedAt: Date, hours: number) => new Date(new Date(requestedAt).getTime() + hours * 3600_000);

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
