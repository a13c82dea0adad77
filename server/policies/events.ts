import type { Knex } from 'knex';
import type { EventType } from '../../shared/events';
import { INBOX_EVENT_TYPES } from '../../shared/notifications';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import type { User } from '../models';
import { whereDocumentReadable } from './documents';
import { readablePropertyIds, whereOrganizationReachable, type Filterable } from './tenancy';

/**
 * Whether a non-administrator follows the events of the properties they read: owners and
 * residents do; a supplier reads a property only as its staff: their work orders reach them as
 * `user` events, not the property's broadcasts and documents.
 */
export const followsPropertyEvents = (user: User) => user.role === 'Propietario' || user.role === 'Residente';

/**
 * Restricts a query on `events` to those the user may see, by the event's audience (the same
 * rule as the Socket.IO rooms of shared/events.ts and realtime/rooms.ts):
 * - `organization`: everyone of the organization;
 * - `members`: its administrators, owners and residents;
 * - `administrators`: its administrators;
 * - `property`: owners and residents of that property, and administrators;
 * - `user`: that user only (not even an administrator sees another user's notices).
 * Administrators of a master organization see the events of the organizations they reach.
 */
export function whereEventVisible<Q extends Filterable>(query: Q, user: User, trx: Knex = db()): Q {
  const forUser = (w: Knex.QueryBuilder) => w.where('events.audience', 'user').where('events.user_id', user.id);

  if (isAdministrator(user)) {
    whereOrganizationReachable(query, 'events.organization_id', user);
    return (query as unknown as Knex.QueryBuilder).where((visible) =>
      visible.whereIn('events.audience', ['organization', 'members', 'administrators', 'property']).orWhere(forUser),
    ) as unknown as Q;
  }
  return (query as unknown as Knex.QueryBuilder)
    .where('events.organization_id', user.organizationId)
    .where((visible) => {
      visible.where('events.audience', 'organization').orWhere(forUser);
      if (followsPropertyEvents(user)) {
        visible.orWhere('events.audience', 'members');
        visible.orWhere((property) =>
          property.where('events.audience', 'property').whereIn('events.property_id', readablePropertyIds(user, trx)),
        );
      }
    }) as unknown as Q;
}

/** Administration rather than news: in the feed of administrators only. */
const ADMINISTRATIVE_EVENTS: readonly EventType[] = [
  'settings.updated',
  'property.updated',
  'unit.created',
  'unit.updated',
  'unit.deleted',
  'resident.updated',
];

/** Live only (a progress bar's steps): never in the feed, where the import's start and end are. */
const LIVE_ONLY_EVENTS: readonly EventType[] = ['import.progress'];

/**
 * The activity feed: the events the user may see (above) that are about something they may
 * open now: an upload only while the document exists and they may read it, a notice only once
 * it is no draft; administrative changes only for administrators; never the inbox's own events.
 */
export function whereEventInFeed(query: Knex.QueryBuilder, user: User, trx: Knex = db()): Knex.QueryBuilder {
  whereEventVisible(query, user, trx)
    .whereNotIn('events.type', [...INBOX_EVENT_TYPES, ...LIVE_ONLY_EVENTS])
    .where((openable) =>
      openable
        .whereNot('events.type', 'document.uploaded')
        .orWhereIn('events.subject_id', whereDocumentReadable(trx('documents').select('documents.id'), user, trx)),
    );
  if (!isAdministrator(user)) {
    query
      .whereNotIn('events.type', ADMINISTRATIVE_EVENTS)
      .whereRaw("coalesce(events.payload #>> '{broadcast,status}', '') <> 'draft'");
  }
  return query;
}
