import type { Knex } from 'knex';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import type { User } from '../models';
import { readablePropertyIds, whereOrganizationReachable } from './tenancy';

type Filterable = Knex.QueryBuilder | { where: unknown; whereIn: unknown };

/**
 * Whether a non-administrator follows the events of the properties they read: owners and
 * residents do; a supplier reads a property only for its assigned work, which reaches them as
 * `user` events, not the property's broadcasts and documents.
 */
export const followsPropertyEvents = (user: User) => user.role === 'Propietario' || user.role === 'Residente';

/**
 * Restricts a query on `events` to those the user may see in the activity feed, by the
 * event's audience (the same rule as the Socket.IO rooms of shared/events.ts):
 * - `organization`: everyone of the organization;
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
      visible.whereIn('events.audience', ['organization', 'administrators', 'property']).orWhere(forUser),
    ) as unknown as Q;
  }
  return (query as unknown as Knex.QueryBuilder)
    .where('events.organization_id', user.organizationId)
    .where((visible) => {
      visible.where('events.audience', 'organization').orWhere(forUser);
      if (followsPropertyEvents(user)) {
        visible.orWhere((property) =>
          property.where('events.audience', 'property').whereIn('events.property_id', readablePropertyIds(user, trx)),
        );
      }
    }) as unknown as Q;
}
