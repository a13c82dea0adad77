import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import { MAX_PROXY_LETTER_BYTES, PROXY_LETTER_TYPES, type ProxyCreateInput } from '../../../shared/schemas/assemblies';
import { conflict, forbidden, notFound, validationError } from '../../errors';
import type { User } from '../../models';
import { managesAssemblies, ownsUnit, type AssemblyRow } from '../../policies/assemblies';
import { checkedFileBytes } from '../../services/files';
import { recordAssemblyEvent } from './events';

/**
 * Proxies (poderes, docs/modules/assemblies.md, "Who votes"): the owner of a unit (or an
 * administrator for them) names another user or a person by name and cédula, with the signed
 * letter uploaded through the one checked upload path; administrators approve or reject. An
 * approved proxy moves the unit's vote to its holder for that assembly (one approved per unit).
 */

const LETTER_RULES = {
  types: PROXY_LETTER_TYPES,
  maxBytes: MAX_PROXY_LETTER_BYTES,
  messages: {
    invalidContent: 'assembly_proxy_letter_invalid',
    empty: 'assembly_proxy_letter_required',
    tooLarge: 'assembly_proxy_letter_too_large',
    invalidType: 'assembly_proxy_letter_type',
  },
  fields: { content: 'letter.content', fileType: 'letter.fileType' },
};

const PROXY_COLUMNS = [
  'assembly_proxies.id',
  'assembly_proxies.assemblyId',
  'assembly_proxies.unitId',
  'units.unitNumber',
  'assembly_proxies.holderUserId',
  'assembly_proxies.holderName',
  'assembly_proxies.holderIdNumber',
  'assembly_proxies.letterName',
  'assembly_proxies.letterType',
  'assembly_proxies.status',
  'assembly_proxies.createdById',
  'assembly_proxies.decidedById',
  'assembly_proxies.decidedAt',
  'assembly_proxies.createdAt',
];

const proxyRows = (trx: Knex) =>
  trx('assembly_proxies')
    .join('units', 'units.id', 'assembly_proxies.unit_id')
    .leftJoin('users as holders', 'holders.id', 'assembly_proxies.holder_user_id')
    .select(...PROXY_COLUMNS, trx.raw(`nullif(trim(concat_ws(' ', holders.name, holders.last_name)), '') as "holderUserName"`));

/** Administrators see every proxy of the assembly; others those they gave or hold. */
export function listProxies(trx: Knex, actor: User, assembly: Pick<AssemblyRow, 'id'>) {
  const query = proxyRows(trx).where('assembly_proxies.assembly_id', assembly.id).orderBy('assembly_proxies.id');
  if (!managesAssemblies(actor)) {
    query.where((mine) => mine.where('assembly_proxies.created_by_id', actor.id).orWhere('assembly_proxies.holder_user_id', actor.id));
  }
  return query;
}

export async function createProxy(trx: Knex, actor: User, assembly: AssemblyRow, input: ProxyCreateInput) {
  if (assembly.status === 'closed' || assembly.status === 'cancelled' || assembly.status === 'draft') {
    throw conflict(messageText('assembly_attendance_closed'), 'proxies_closed');
  }
  const unit = await trx('units').where({ id: input.unitId, propertyId: assembly.propertyId }).first('id');
  if (!unit) throw validationError({ unitId: messageText('assembly_unit_invalid') });
  if (!managesAssemblies(actor) && !(await ownsUnit(actor, unit.id, assembly.propertyId, trx))) throw forbidden(messageText('assembly_proxy_forbidden'));
  if (input.holderUserId) {
    const holder = await trx('users').where({ id: input.holderUserId, organizationId: assembly.organizationId, isActive: true }).first('id');
    if (!holder) throw validationError({ holderUserId: messageText('assembly_proxy_holder_invalid') });
  }
  const bytes = await checkedFileBytes(input.letter, LETTER_RULES);
  const [{ id }] = await trx('assembly_proxies').insert(
    {
      assemblyId: assembly.id,
      unitId: unit.id,
      holderUserId: input.holderUserId ?? null,
      holderName: input.holderName,
      holderIdNumber: input.holderIdNumber,
      letterName: input.letter.fileName,
      letterType: input.letter.fileType,
      letter: bytes,
      createdById: actor.id,
    },
    ['id'],
  );
  await recordAssemblyEvent(trx, 'assembly.proxy_requested', assembly, actor, {}, { administratorsOnly: true });
  return findProxy(trx, id);
}

export async function findProxy(trx: Knex, id: number, { lock = false } = {}) {
  const query = proxyRows(trx).where('assembly_proxies.id', id).first();
  if (lock) query.forUpdate('assembly_proxies');
  const row = await query;
  if (!row) throw notFound(messageText('assembly_proxy_not_found'));
  return row as { id: number; assemblyId: number; unitId: number; status: string; holderUserId: number | null; createdById: number | null };
}

/** Approve or reject a pending proxy (administrators). One approved proxy per unit and assembly. */
export async function decideProxy(trx: Knex, actor: User, assembly: AssemblyRow, proxyId: number, status: 'approved' | 'rejected') {
  const proxy = await findProxy(trx, proxyId, { lock: true });
  if (proxy.status !== 'pending') throw conflict(messageText('assembly_proxy_decided'), 'proxy_decided');
  if (status === 'approved') {
    const taken = await trx('assembly_proxies').where({ assemblyId: assembly.id, unitId: proxy.unitId, status: 'approved' }).first('id');
    if (taken) throw conflict(messageText('assembly_proxy_taken'), 'proxy_taken');
  }
  await trx('assembly_proxies').where({ id: proxy.id }).update({ status, decidedById: actor.id, decidedAt: trx.fn.now() });
  await recordAssemblyEvent(trx, 'assembly.proxy_decided', assembly, actor, {}, { administratorsOnly: true });
  return findProxy(trx, proxy.id);
}

/** The letter's bytes (administrators, the grantor and the holder). */
export async function proxyLetter(trx: Knex, actor: User, proxyId: number) {
  const row = await trx('assembly_proxies').where({ id: proxyId }).first('letter', 'letterName', 'letterType', 'createdById', 'holderUserId');
  if (!row || (!managesAssemblies(actor) && row.createdById !== actor.id && row.holderUserId !== actor.id)) throw notFound(messageText('assembly_proxy_not_found'));
  return row as { letter: Buffer; letterName: string | null; letterType: string };
}
