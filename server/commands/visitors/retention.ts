import type { Knex } from 'knex';
import { inRetentionRange, MAX_ID, nextAfter, RETENTION_BATCH, retentionInterval, type RetentionRange } from '../../db/retention';
import { LIVE_VISITOR_STATUSES } from '../../../shared/enums';
import { ANONYMISED_NAME, DEFAULT_RETENTION_DAYS, VisitorSettingsSchema, type VisitorSettings } from '../../../shared/schemas/visitors';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { visitorRow, visitorRows, type VisitorRow } from '../../rows/visitors';
import { recordVisitorEvent } from './events';
import { whereValidityOver } from './validity';

/** What time does to passes: closing them when their validity or their walk-in's wait ends, and anonymising them after the retention period (Ley 172-13). */

// Closing -------------------------------------------------------------------------------------

/**
 * Closes what time closed (all, or only `visitorId`): walk-ins unanswered past their 3 minutes
 * (`visitor.walk_in_timed_out`: the desk calls the host) and passes past their validity that
 * nobody used up (`visitor.expired`). Idempotent: anything already closed is left alone.
 */
export async function expireVisitors(trx: Knex, options: { visitorId?: number; limit?: number } = {}) {
  const due = trx('visitors')
    .select('id')
    .where((q) =>
      q
        .where((w) => w.where('status', 'pending').where('decisionDueAt', '<=', trx.fn.now()))
        .orWhere((w) => whereValidityOver(w.where('status', 'scheduled'), trx.fn.now())),
    )
    .orderBy('id')
    .limit(options.limit ?? 500)
    .forUpdate();
  if (options.visitorId) due.where({ id: options.visitorId });
  else due.skipLocked();
  const rows = (await visitorRows(trx).whereIn('visitors.id', due)) as VisitorRow[];
  const closed: VisitorRow[] = [];
  for (const row of rows) {
    if (row.inside) continue;
    await trx('visitors').where({ id: row.id }).update({ status: 'expired', updatedAt: trx.fn.now() });
    const updated = await visitorRow(trx, row.id);
    await recordVisitorEvent(trx, row.status === 'pending' ? 'visitor.walk_in_timed_out' : 'visitor.expired', updated, null);
    closed.push(updated);
  }
  return closed;
}

/** When a pass or walk-in is next due to close (by the database clock); null when nothing is due. */
export async function pendingExpiry(visitorId: number, trx: Knex = db()) {
  const row = await trx('visitors')
    .where({ id: visitorId })
    .whereIn('status', ['pending', 'scheduled'])
    .first(
      trx.raw("case when status = 'pending' then decision_due_at else valid_to end as due_at"),
      trx.raw("extract(epoch from ((case when status = 'pending' then decision_due_at else valid_to end) - now())) * 1000 as due_in_ms"),
    );
  return row?.dueAt ? { dueAt: new Date(row.dueAt), dueInMs: Math.max(0, Math.ceil(Number(row.dueInMs))) } : null;
}

// Retention (Ley 172-13) ----------------------------------------------------------------------

/** An organization's retention period: its settings, else 180 days. */
export async function visitorSettingsOf(organizationId: number, trx: Knex = db()): Promise<VisitorSettings> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw("settings -> 'visitors' as visitors"));
  const parsed = VisitorSettingsSchema.safeParse(row?.visitors ?? {});
  return parsed.success ? parsed.data : { retentionDays: DEFAULT_RETENTION_DAYS };
}

export async function updateVisitorSettings(trx: Knex, actor: User, input: VisitorSettings) {
  await trx('organizations')
    .where({ id: actor.organizationId })
    .update({ settings: trx.raw("jsonb_set(coalesce(settings, '{}'::jsonb), '{visitors}', ?::jsonb)", [JSON.stringify(input)]) });
  await recordEvent(trx, {
    type: 'visitor.settings_updated',
    organizationId: actor.organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'organization', id: actor.organizationId },
    payload: input,
  });
  return input;
}

/**
 * Anonymises the personal data (name, phone, email, plate, purpose, notes) of closed visits
 * older than their organization's retention period, in one batch of ids (`range`); the rows and
 * the entry log stay, so the counts do. One `visitors.anonymised` event per organization
 * touched. Idempotent. Answers the count and where the next batch starts (the sweep runs batch
 * after batch: inRetentionBatches).
 */
export async function anonymiseVisitorRange(trx: Knex, range: RetentionRange) {
  const due = inRetentionRange(
    trx('visitors')
      .join('properties', 'properties.id', 'visitors.property_id')
      .join('organizations', 'organizations.id', 'properties.organization_id')
      .select('visitors.id')
      .whereNull('visitors.anonymized_at')
      .whereNotIn('visitors.status', LIVE_VISITOR_STATUSES)
      .whereRaw('coalesce(visitors.check_out_time, visitors.valid_to, visitors.created_at) < now() - ?', [retentionInterval(trx)]),
    'visitors',
    range,
  )
    .forUpdate('visitors')
    .skipLocked();
  const done: Array<{ id: number; propertyId: number }> = await trx('visitors')
    .whereIn('id', due)
    .update(
      { name: ANONYMISED_NAME, email: null, phone: null, vehiclePlate: null, purpose: null, notes: null, cancelledReason: null, passToken: null, anonymizedAt: trx.fn.now() },
      ['id', 'propertyId'],
    );
  const next = nextAfter(done, range);
  if (!done.length) return { count: 0, next };
  const byOrganization: Array<{ organizationId: number; count: number }> = await trx('properties')
    .join('visitors', 'visitors.property_id', 'properties.id')
    .whereIn('visitors.id', done.map((row) => row.id))
    .groupBy('properties.organization_id')
    .select('properties.organization_id')
    .count('* as count');
  for (const { organizationId, count } of byOrganization) {
    await recordEvent(trx, { type: 'visitors.anonymised', organizationId, audience: 'administrators', payload: { count: Number(count) } });
  }
  return { count: done.length, next };
}

/** One batch from the first id (at most `limit` visits): what is due, when there are few. */
export async function anonymiseVisitors(trx: Knex, options: { limit?: number } = {}) {
  return (await anonymiseVisitorRange(trx, { after: 0, through: MAX_ID, limit: options.limit ?? RETENTION_BATCH.limit })).count;
}
