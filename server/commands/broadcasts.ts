import type { Knex } from 'knex';
import type { EventType } from '../../shared/events';
import { messageText } from '../../shared/messages';
import {
  endsBeforeStart,
  type BroadcastCreateInput,
  type BroadcastEventPayload,
  type BroadcastListQuery,
  type BroadcastSendInput,
} from '../../shared/schemas/broadcasts';
import type { BroadcastUpdateInput } from '../../shared/schemas/broadcasts';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, validationError } from '../errors';
import { claimVersion } from '../db/versioned';
import { recordEvent, type EventInput } from '../events/outbox';
import { Broadcast, Property, type User } from '../models';
import { findManageableProperties, findReadableProperty } from '../policies/properties';
import { mayReadBroadcasts } from '../policies/broadcasts';
import { presentBroadcast } from '../presenters/broadcast';

/**
 * Broadcasts of one property, newest first. Administrators see every status (or only the
 * active ones with `onlyActive`); owners and residents only the active ones. "Active" is
 * decided by the query (status, start and end dates), so it is right even when no expiry job ran.
 */
export async function listBroadcasts(user: User, query: BroadcastListQuery) {
  const property = await findReadableProperty(user, query.propertyId);
  if (!mayReadBroadcasts(user)) throw forbidden();
  const rows = Broadcast.query().where('broadcasts.propertyId', property.id);
  if (query.onlyActive || !isAdministrator(user)) rows.modify('active');
  const total = await rows.clone().resultSize();
  rows.orderBy([{ column: 'startDate', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(query.offset);
  if (query.limit) rows.limit(query.limit);
  return { broadcasts: await rows, total };
}

/** A new broadcast of a property the caller manages; its author is always the caller. */
export async function createBroadcast(trx: Knex, actor: User, property: Property, input: BroadcastCreateInput) {
  const broadcast = await Broadcast.query(trx).insertAndFetch({
    ...input,
    propertyId: property.id,
    createdBy: actor.id,
  });
  await recordBroadcastEvent(trx, 'broadcast.created', broadcast, property.organizationId, actor.id);
  return broadcast;
}

/**
 * The same broadcast in each property the caller manages (`propertyIds` in order), all or none:
 * one insert of the rows and one of their events, however many properties.
 */
export async function createBroadcasts(trx: Knex, actor: User, input: BroadcastSendInput) {
  const { propertyIds, ...broadcast } = input;
  const properties = await findManageableProperties(actor, propertyIds, trx);
  const created = await Broadcast.query(trx)
    .insert(properties.map((property) => ({ ...broadcast, propertyId: property.id, createdBy: actor.id })))
    .returning('*');
  await recordEvent(trx, ...created.map((row, i) => broadcastEvent('broadcast.created', row, properties[i].organizationId, actor.id)));
  return created;
}

export async function updateBroadcast(trx: Knex, actor: User, broadcast: Broadcast, input: BroadcastUpdateInput) {
  const { version, ...changes } = input;
  await claimVersion(trx, 'broadcasts', broadcast.id, version);
  if (!Object.keys(changes).length) return broadcast.$query(trx);
  const startDate = changes.startDate ?? broadcast.startDate;
  const endDate = changes.endDate !== undefined ? changes.endDate : broadcast.endDate;
  if (endsBeforeStart(startDate, endDate)) {
    throw validationError({ endDate: messageText('end_before_start') });
  }
  const updated = await broadcast.$query(trx).patchAndFetch(changes);
  await recordBroadcastEvent(trx, 'broadcast.updated', updated, await organizationOf(trx, updated.propertyId), actor.id);
  return updated;
}

export async function deleteBroadcast(trx: Knex, actor: User, broadcast: Broadcast) {
  const organizationId = await organizationOf(trx, broadcast.propertyId);
  await broadcast.$query(trx).delete();
  await recordBroadcastEvent(trx, 'broadcast.deleted', broadcast, organizationId, actor.id);
}

/**
 * Marks expired the broadcasts whose end date has passed (all of them, or only `broadcastId`)
 * and records `broadcast.expired` for each. Idempotent: a broadcast already expired, edited to
 * end later or deleted is left alone, so a late, repeated or stale job does no harm.
 */
export async function expireEndedBroadcasts(trx: Knex, options: { broadcastId?: number; limit?: number } = {}) {
  const due = trx('broadcasts')
    .select('id')
    .where({ status: 'active' })
    .where('endDate', '<=', trx.fn.now())
    .orderBy('id')
    .limit(options.limit ?? 500)
    .forUpdate();
  // One broadcast's job waits for a concurrent edit; a sweep leaves locked rows to their owner.
  if (options.broadcastId) due.where({ id: options.broadcastId });
  else due.skipLocked();
  // An expiry is a change like an edit: an edit form opened before it answers 409.
  const expired = await Broadcast.query(trx)
    .patch({ status: 'expired', version: Broadcast.raw('version + 1') })
    .whereIn('id', due)
    .returning('*');
  const rows = expired as unknown as Broadcast[];
  if (!rows.length) return rows;
  const organizations = new Map(
    (await Property.query(trx).findByIds(rows.map((row) => row.propertyId)).select('id', 'organizationId')).map(
      (property) => [property.id, property.organizationId],
    ),
  );
  await recordEvent(trx, ...rows.map((broadcast) => broadcastEvent('broadcast.expired', broadcast, organizations.get(broadcast.propertyId)!, null)));
  return rows;
}

/**
 * When an active broadcast ends, with the time left by the database clock; null when it has
 * nothing to expire (no end date, not active, or gone).
 */
export async function pendingExpiry(broadcastId: number, trx: Knex = db()) {
  const row = await trx('broadcasts')
    .where({ id: broadcastId, status: 'active' })
    .whereNotNull('endDate')
    .first('endDate', trx.raw('extract(epoch from (end_date - now())) * 1000 as ends_in_ms'));
  return row ? { endDate: new Date(row.endDate), endsInMs: Math.max(0, Math.ceil(Number(row.endsInMs))) } : null;
}

async function organizationOf(trx: Knex, propertyId: number) {
  const property = await Property.query(trx).findById(propertyId).select('organizationId').throwIfNotFound();
  return property.organizationId;
}

/** Broadcast events go to the property's readers and its organization's administrators. */
function broadcastEvent(
  type: Extract<EventType, `broadcast.${string}`>,
  broadcast: Broadcast,
  organizationId: number,
  actorId: number | null,
): EventInput {
  const payload: BroadcastEventPayload = { broadcast: presentBroadcast(broadcast) };
  return {
    type,
    organizationId,
    audience: 'property',
    propertyId: broadcast.propertyId,
    actorId,
    subject: { type: 'broadcast', id: broadcast.id },
    payload,
  };
}

const recordBroadcastEvent = (trx: Knex, ...event: Parameters<typeof broadcastEvent>) => recordEvent(trx, broadcastEvent(...event));
