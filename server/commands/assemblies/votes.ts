import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { VoteInput } from '../../../shared/schemas/assemblies';
import { AppError, conflict, forbidden, notFound, textsWith, validationError } from '../../errors';
import type { User } from '../../models';
import { managesAssemblies, votingUnits, type AssemblyRow } from '../../policies/assemblies';
import { isPresent } from './attendance';
import { recordAssemblyEvent } from './events';
import { computeResult, delinquentUnitIds, quorumOf, tallyOfItem, unitWeight, type ItemRow } from './results';

/**
 * Voting on an agenda item (docs/modules/assemblies.md, "In session"). The item's row is the
 * lock: opening, every ballot and closing take it FOR UPDATE, so ballots and the close happen
 * one after the other, each tally pushed is exact, and nothing is cast once the item closed.
 * A ballot is one row per (item, unit) (unique index; an upsert): a changed vote replaces the
 * unit's ballot, ten parallel votes for one unit leave one ballot, the last one taken.
 */

export async function findItem(trx: Knex, assembly: Pick<AssemblyRow, 'id'>, itemId: number, { lock = false } = {}): Promise<ItemRow> {
  const query = trx('assembly_items').where({ id: itemId, assemblyId: assembly.id }).first();
  if (lock) query.forUpdate();
  const item = (await query) as ItemRow | undefined;
  if (!item) throw notFound(messageText('assembly_item_not_found'));
  return item;
}

const percent = (part: number, whole: number) => (whole ? (Math.floor((part * 10_000) / whole) / 100).toFixed(2) : '0.00');

/** Opens the vote of an item: the assembly in session, no other vote open, and quorum (409 with the figures). */
export async function openItem(trx: Knex, actor: User, assembly: AssemblyRow, itemId: number) {
  if (assembly.status !== 'in_session') throw conflict(messageText('assembly_not_in_session'), 'not_in_session');
  const item = await findItem(trx, assembly, itemId, { lock: true });
  if (item.kind !== 'vote') throw conflict(messageText('assembly_item_not_vote'), 'not_a_vote');
  if (item.status !== 'pending') throw conflict(messageText('assembly_item_not_pending'), 'item_not_pending');
  if (await trx('assembly_items').where({ assemblyId: assembly.id, status: 'open' }).first('id')) {
    throw conflict(messageText('assembly_another_item_open'), 'another_item_open');
  }
  const quorum = await quorumOf(trx, assembly);
  if (!quorum.reached) {
    const message =
      quorum.call === 'second'
        ? textsWith('assembly_below_quorum_second', () => ({}))
        : textsWith('assembly_below_quorum', () => ({
            present: percent(quorum.presentWeight, quorum.totalWeight),
            units: String(quorum.presentUnits),
            required: String(quorum.required),
          }));
    throw new AppError(409, 'below_quorum', message);
  }
  // The quorum at each call, for the minutes: as it stood when first reached under that call
  // (the start of the session records it too, reached or not).
  const column = quorum.call === 'first' ? 'quorum_first' : 'quorum_second';
  await trx('assemblies')
    .where({ id: assembly.id })
    .whereRaw(`(${column} is null or not coalesce((${column}->>'reached')::boolean, false))`)
    .update({ [column]: JSON.stringify(quorum) });
  await trx('assembly_items').where({ id: item.id }).update({ status: 'open', openedAt: trx.fn.now(), quorum: JSON.stringify(quorum) });
  const tally = await tallyOfItem(trx, assembly, item);
  await recordAssemblyEvent(trx, 'assembly.item_opened', assembly, actor, { itemId: item.id, itemTitle: item.title, title: assembly.title, quorum, tally });
  return findItem(trx, assembly, item.id);
}

/** Closes the vote: the result by its majority and weighting, frozen on the item. */
export async function closeItem(trx: Knex, actor: User, assembly: AssemblyRow, itemId: number) {
  const item = await findItem(trx, assembly, itemId, { lock: true });
  if (item.status !== 'open') throw conflict(messageText('assembly_item_not_open'), 'item_not_open');
  const result = await computeResult(trx, assembly, item);
  await trx('assembly_items').where({ id: item.id }).update({ status: 'closed', closedAt: trx.fn.now(), result: JSON.stringify(result) });
  await recordAssemblyEvent(trx, 'assembly.item_closed', assembly, actor, { itemId: item.id, result });
  return findItem(trx, assembly, item.id);
}

/**
 * A ballot for a unit. Voters (owner or approved proxy holder) vote for their present units;
 * administrators record the vote of a unit present in the room (marked `in_room`). With
 * `blockDelinquent`, a unit with charges past due does not vote.
 */
export async function castVote(trx: Knex, actor: User, assembly: AssemblyRow, itemId: number, input: VoteInput) {
  // Who may vote for the unit is checked before the item's lock is taken: ballots wait for
  // each other only for the write and the tally (five hundred owners voting within a minute).
  const item = await findItem(trx, assembly, itemId);
  if (assembly.status !== 'in_session' || item.status !== 'open') throw conflict(messageText('assembly_item_not_open'), 'item_not_open');
  if (!item.options.includes(input.option)) throw validationError({ option: messageText('assembly_option_invalid') });
  const unit = await trx('units').where({ id: input.unitId, propertyId: assembly.propertyId }).first('id', 'share');
  if (!unit) throw validationError({ unitId: messageText('assembly_unit_invalid') });

  const mine = (await votingUnits(actor, assembly, trx)).find((own) => own.unitId === unit.id);
  let inRoom = false;
  if (!mine) {
    if (!managesAssemblies(actor)) throw forbidden(messageText('assembly_vote_forbidden'));
    const room = await trx('assembly_attendance').where({ assemblyId: assembly.id, unitId: unit.id, present: true, via: 'room' }).first('id');
    if (!room) throw conflict(messageText('assembly_vote_in_room_only'), 'not_in_room');
    inRoom = true;
  } else if (!(await isPresent(trx, assembly.id, unit.id))) {
    throw conflict(messageText('assembly_unit_not_present'), 'not_present');
  }
  if (assembly.blockDelinquent && (await delinquentUnitIds(trx, assembly.propertyId)).has(unit.id)) {
    throw conflict(messageText('assembly_unit_delinquent'), 'delinquent');
  }
  // The lock: the item is still open (a close waits for this ballot, or this ballot for it).
  const locked = await findItem(trx, assembly, itemId, { lock: true });
  if (locked.status !== 'open') throw conflict(messageText('assembly_item_not_open'), 'item_not_open');

  await trx('assembly_votes')
    .insert({
      itemId: item.id,
      unitId: unit.id,
      option: input.option,
      weight: unitWeight(item.weighting, unit.share),
      voterId: actor.id,
      proxyId: mine?.proxyId ?? null,
      inRoom,
      castAt: trx.fn.now(),
    })
    .onConflict(['item_id', 'unit_id'])
    .merge({
      option: input.option,
      voterId: actor.id,
      proxyId: mine?.proxyId ?? null,
      inRoom,
      castAt: trx.fn.now(),
      changes: trx.raw('assembly_votes.changes + 1'),
    });
  const tally = await tallyOfItem(trx, assembly, item);
  await recordAssemblyEvent(trx, 'assembly.tally', assembly, actor, { itemId: item.id, tally });
  return { unitId: unit.id, option: input.option, inRoom, tally };
}
