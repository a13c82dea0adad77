import type { Knex } from 'knex';
import type { MaintenanceChanges, MaintenanceRatingInput } from '../../../shared/schemas/maintenance';
import { claimVersion } from '../../db/versioned';
import type { User } from '../../models';
import { rateRefusal } from '../../policies/maintenance';
import { reloadRequest, type RequestRow } from '../../rows/maintenance';
import { recordRequestEvent } from './events';

/** The requester's score of completed work, once per completion (reopening clears it). */
export async function rateRequest(trx: Knex, actor: User, row: RequestRow, input: MaintenanceRatingInput) {
  const refusal = rateRefusal(actor, row);
  if (refusal) throw refusal;
  await claimVersion(trx, 'maintenance_requests', row.id);
  await trx('maintenance_requests').where({ id: row.id }).update({ rating: input.score, ratingComment: input.comment, ratedAt: trx.fn.now() });
  const changes: MaintenanceChanges = { rating: input.score };
  const [update] = await trx('maintenance_updates').insert({ requestId: row.id, updatedById: actor.id, content: input.comment, changes }, ['id']);
  const updated = await reloadRequest(trx, row.id);
  await recordRequestEvent(trx, 'maintenance.rated', updated, actor, { updateId: update.id, changes, comment: input.comment });
  return updated;
}
