import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import { getJoinRequest } from '../commands/joinRequests';
import type { JoinRequestRow } from '../rows/joinRequests';
import { db } from '../db';
import { conflict, forbidden, notFound } from '../errors';
import type { User } from '../models';
import { canReachOrganization } from './tenancy';

/**
 * A pending join request the actor may approve or decline, locked until the transaction ends:
 * 404 beyond the organizations they reach, 403 unless administrator, 409 once someone decided.
 */
export async function findDecidableJoinRequest(actor: User, id: number, trx: Knex = db()): Promise<JoinRequestRow> {
  const found = await trx('join_requests').where({ id }).forUpdate().first('organizationId', 'status');
  if (!found || !(await canReachOrganization(actor, found.organizationId, trx))) throw notFound(messageText('join_request_not_found'));
  if (!isAdministrator(actor)) throw forbidden();
  if (found.status !== 'pending') throw conflict(messageText('join_request_decided'), 'join_request_decided');
  return getJoinRequest(trx, id);
}
