import type { Knex } from 'knex';
import { DEFAULT_NOTICE_DAYS, DEFAULT_OPTIONS, SECOND_CALL_MINUTES, type AssemblyStatus } from '../../../shared/assemblies';
import { messageText, messageWith } from '../../../shared/messages';
import type { AssemblyCreateInput, AssemblyItemInput, AssemblyListQuery, AssemblyPatchInput } from '../../../shared/schemas/assemblies';
import { db } from '../../db';
import { AppError, conflict, textsWith } from '../../errors';
import type { User } from '../../models';
import { assemblyRows, authorizeAssemblies, authorizeManage, whereAssemblyReadable, type AssemblyRow } from '../../policies/assemblies';
import { findReadableProperty } from '../../policies/properties';
import { recordAssemblyEvent } from './events';
import { publishMinutes } from './minutes';
import { quorumOf } from './results';

/** Assemblies and their agenda: drafting, the states, listing (docs/modules/assemblies.md). */

export async function listAssemblies(user: User, filters: AssemblyListQuery, trx: Knex = db()) {
  authorizeAssemblies(user);
  const filtered = whereAssemblyReadable(trx('assemblies'), user, trx);
  if (filters.propertyId) filtered.where('assemblies.property_id', filters.propertyId);
  if (filters.status) filtered.where('assemblies.status', filters.status);
  if (filters.q) filtered.whereILike('assemblies.title', `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`);
  const total = Number((await filtered.clone().count('* as count').first())?.count ?? 0);
  const page = assemblyRows(trx)
    .whereIn('assemblies.id', filtered.select('assemblies.id'))
    .orderBy([
      { column: 'assemblies.first_call_at', order: 'desc' },
      { column: 'assemblies.id', order: 'desc' },
    ])
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return { rows: (await page) as AssemblyRow[], total };
}

const itemRow = (assemblyId: number, item: AssemblyItemInput, position: number) => ({
  assemblyId,
  position,
  title: item.title,
  description: item.description,
  kind: item.kind,
  options: JSON.stringify(item.kind === 'vote' ? (item.options ?? DEFAULT_OPTIONS) : []),
  majority: item.majority,
  weighting: item.weighting,
  secret: item.kind === 'vote' && item.secret,
});

async function replaceItems(trx: Knex, assemblyId: number, items: AssemblyItemInput[]) {
  await trx('assembly_items').where({ assemblyId }).delete();
  if (items.length) await trx('assembly_items').insert(items.map((item, index) => itemRow(assemblyId, item, index + 1)));
}

export const reloadAssembly = async (trx: Knex, id: number) => (await assemblyRows(trx).where('assemblies.id', id).first()) as AssemblyRow;

const secondCall = (first: Date, second: Date | null | undefined) => second ?? new Date(first.getTime() + SECOND_CALL_MINUTES * 60_000);

/** A new draft on a property the administrator manages. */
export async function createAssembly(trx: Knex, actor: User, input: AssemblyCreateInput): Promise<AssemblyRow> {
  authorizeManage(actor);
  const property = await findReadableProperty(actor, input.propertyId, trx);
  const [{ id }] = await trx('assemblies').insert(
    {
      organizationId: property.organizationId,
      propertyId: property.id,
      kind: input.kind,
      title: input.title,
      firstCallAt: input.firstCallAt,
      secondCallAt: secondCall(input.firstCallAt, input.secondCallAt),
      place: input.place,
      meetingUrl: input.meetingUrl,
      quorumFirstCall: input.quorumFirstCall ?? 50,
      blockDelinquent: input.blockDelinquent ?? false,
      createdById: actor.id,
    },
    ['id'],
  );
  await replaceItems(trx, id, input.items);
  const row = await reloadAssembly(trx, id);
  await recordAssemblyEvent(trx, 'assembly.created', row, actor);
  return row;
}

/** Edits a draft (its agenda replaced when `items` is given). */
export async function updateAssembly(trx: Knex, actor: User, row: AssemblyRow, input: AssemblyPatchInput): Promise<AssemblyRow> {
  if (row.status !== 'draft') throw conflict(messageText('assembly_not_draft'), 'not_draft');
  const { items, ...fields } = input;
  const first = fields.firstCallAt ?? new Date(row.firstCallAt);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) changes[key] = value;
  if (fields.firstCallAt || fields.secondCallAt !== undefined) {
    changes.secondCallAt = secondCall(first, fields.secondCallAt ?? (fields.firstCallAt ? null : new Date(row.secondCallAt)));
    if ((changes.secondCallAt as Date) < first) changes.secondCallAt = secondCall(first, null);
  }
  await trx('assemblies').where({ id: row.id }).update({ ...changes, version: trx.raw('version + 1'), updatedAt: trx.fn.now() });
  if (items) await replaceItems(trx, row.id, items);
  const updated = await reloadAssembly(trx, row.id);
  await recordAssemblyEvent(trx, 'assembly.updated', updated, actor);
  return updated;
}

const STATUS_LABELS: Record<'es' | 'en', Record<AssemblyStatus, string>> = {
  es: { draft: 'borrador', convened: 'convocada', in_session: 'en sesión', closed: 'cerrada', cancelled: 'cancelada' },
  en: { draft: 'draft', convened: 'convened', in_session: 'in session', closed: 'closed', cancelled: 'cancelled' },
};

const TRANSITIONS: Record<AssemblyStatus, AssemblyStatus[]> = {
  draft: ['convened', 'cancelled'],
  convened: ['in_session', 'cancelled'],
  in_session: ['closed', 'cancelled'],
  closed: [],
  cancelled: [],
};

/** 409 unless the assembly may go from its status to `to`. */
export function checkTransition(row: Pick<AssemblyRow, 'status'>, to: AssemblyStatus) {
  if (!TRANSITIONS[row.status].includes(to)) {
    throw new AppError(
      409,
      'invalid_transition',
      textsWith('assembly_invalid_transition', (lang) => ({ from: STATUS_LABELS[lang][row.status], to: STATUS_LABELS[lang][to] })),
    );
  }
}

/** Days of notice the first call leaves from `now`, and the warning when fewer than the setting. */
export function noticeWarning(row: Pick<AssemblyRow, 'firstCallAt'>, now = new Date(), days = DEFAULT_NOTICE_DAYS): string | null {
  const ahead = (new Date(row.firstCallAt).getTime() - now.getTime()) / 86_400_000;
  return ahead < days ? messageWith('assembly_notice_short', { days: String(days) }) : null;
}

async function move(trx: Knex, actor: User, row: AssemblyRow, to: AssemblyStatus, fields: Record<string, unknown>) {
  checkTransition(row, to);
  await trx('assemblies').where({ id: row.id }).update({ status: to, ...fields, version: trx.raw('version + 1'), updatedAt: trx.fn.now() });
  return reloadAssembly(trx, row.id);
}

const noticeOf = (row: AssemblyRow) => ({ title: row.title, firstCallAt: new Date(row.firstCallAt).toISOString(), place: row.place });

/** Draft -> convened: the notice goes to every owner (commands/assemblies/notice.ts follows the event). */
export async function conveneAssembly(trx: Knex, actor: User, row: AssemblyRow) {
  const updated = await move(trx, actor, row, 'convened', { convenedAt: trx.fn.now() });
  await recordAssemblyEvent(trx, 'assembly.convened', updated, actor, noticeOf(updated));
  return updated;
}

/** Convened -> in session: the quorum at the call that applies now is kept for the minutes. */
export async function startAssembly(trx: Knex, actor: User, row: AssemblyRow) {
  const quorum = await quorumOf(trx, row);
  const updated = await move(trx, actor, row, 'in_session', {
    startedAt: trx.fn.now(),
    [quorum.call === 'first' ? 'quorumFirst' : 'quorumSecond']: JSON.stringify(quorum),
  });
  await recordAssemblyEvent(trx, 'assembly.started', updated, actor, { quorum });
  return updated;
}

/** In session -> closed: every vote must be closed first; the minutes follow (commands/assemblies/minutes.ts). */
export async function closeAssembly(trx: Knex, actor: User, row: AssemblyRow) {
  const open = await trx('assembly_items').where({ assemblyId: row.id, status: 'open' }).first('id');
  if (row.status === 'in_session' && open) throw conflict(messageText('assembly_items_still_open'), 'items_open');
  const closed = await move(trx, actor, row, 'closed', { closedAt: trx.fn.now() });
  await publishMinutes(trx, actor, closed);
  const updated = await reloadAssembly(trx, row.id);
  await recordAssemblyEvent(trx, 'assembly.closed', updated, actor);
  return updated;
}

/** Any state before closing -> cancelled, with the reason. */
export async function cancelAssembly(trx: Knex, actor: User, row: AssemblyRow, reason: string) {
  const updated = await move(trx, actor, row, 'cancelled', { cancelledAt: trx.fn.now(), cancelReason: reason });
  await recordAssemblyEvent(trx, 'assembly.cancelled', updated, actor, { ...noticeOf(updated), reason }, { administratorsOnly: row.status === 'draft' });
  return updated;
}
