import type { Knex } from 'knex';
import type { VisitorBlockCreateInput } from '../../../shared/schemas/visitors';
import { notFound } from '../../errors';
import { messageText } from '../../../shared/messages';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { blockRows, type VisitorBlockRow, type VisitorRow } from '../../rows/visitors';
import { findReadableProperty } from '../../policies/properties';
import { authorizeBlocks, authorizePassUnit, readableBlocks } from '../../policies/visitors';

/** The units' "no admitir" lists: the names hosts and administrators put on them, which the desk refuses. */

/** Whether the visitor's name is on the do-not-admit list of the pass's unit (accents and case ignored). */
export async function isBlocked(trx: Knex, row: Pick<VisitorRow, 'unitId' | 'name'>) {
  if (!row.unitId) return false;
  const found = await trx('visitor_blocks')
    .where({ unitId: row.unitId })
    .whereRaw('public.vecindad_fold(name) = public.vecindad_fold(?)', [row.name])
    .first('id');
  return Boolean(found);
}

export async function addBlock(trx: Knex, actor: User, input: VisitorBlockCreateInput): Promise<VisitorBlockRow> {
  authorizeBlocks(actor);
  const property = await findReadableProperty(actor, input.propertyId, trx);
  await authorizePassUnit(trx, actor, property.id, input.unitId);
  const [{ id }] = await trx('visitor_blocks').insert({ propertyId: property.id, unitId: input.unitId, name: input.name, reason: input.reason, createdById: actor.id }, ['id']);
  const row = (await blockRows(trx).where('visitor_blocks.id', id).first()) as VisitorBlockRow;
  await recordEvent(trx, {
    type: 'visitor.blocked',
    organizationId: property.organizationId,
    propertyId: property.id,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'visitor_block', id },
    payload: { id, unitId: input.unitId },
  });
  return row;
}

export async function removeBlock(trx: Knex, actor: User, id: number) {
  const row = (await readableBlocks(actor, undefined, trx).where('visitor_blocks.id', id).first()) as VisitorBlockRow | undefined;
  if (!row) throw notFound(messageText('visitor_block_not_found'));
  authorizeBlocks(actor);
  await trx('visitor_blocks').where({ id }).delete();
  await recordEvent(trx, {
    type: 'visitor.unblocked',
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'visitor_block', id },
    payload: { id, unitId: row.unitId },
  });
}
