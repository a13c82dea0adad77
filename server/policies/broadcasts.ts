import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Broadcast, type User } from '../models';
import { readablePropertyIds } from './tenancy';

// docs/permissions.md: administrators read every broadcast of the properties they manage; owners and
// residents the active ones of the properties they read; suppliers none.
export const mayReadBroadcasts = (user: User) => can(user, 'broadcasts.read');

/** The broadcasts a user may see (administrators: every status; others: active now). */
export function readableBroadcasts(user: User, trx: Knex = db()) {
  const query = Broadcast.query(trx).whereIn('propertyId', readablePropertyIds(user, trx));
  if (isAdministrator(user)) return query;
  if (!mayReadBroadcasts(user)) return query.whereRaw('false');
  return query.modify('active');
}

/**
 * A broadcast the user may change, locked for the transaction: 404 when they cannot see it,
 * 403 when they see it but may not manage broadcasts.
 */
export async function findManageableBroadcast(user: User, id: number, trx: Knex): Promise<Broadcast> {
  const broadcast = await readableBroadcasts(user, trx).findById(id).forUpdate();
  if (!broadcast) throw notFound(messageText('broadcast_not_found'));
  if (!can(user, 'broadcasts.manage')) throw forbidden();
  return broadcast;
}
