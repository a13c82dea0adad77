import type { Knex } from 'knex';
import type { TransferAccountInput, TransferAccountView } from '../../../shared/schemas/agreements';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';

/**
 * Where to pay (docs/modules/collections.md): the bank accounts residents and owners transfer
 * to, the organization's (no property) or a property's. Administrators keep them; the
 * organization's owners and residents read the organization's and those of their units'
 * properties (policies/collections decides which).
 */

const COLUMNS = ['t.id', 't.property_id', 'p.name as property_name', 't.bank', 't.account_type', 't.number', 't.holder', 't.rnc'];

const present = (row: Record<string, unknown>): TransferAccountView => ({
  id: row.id as number,
  propertyId: (row.propertyId as number | null) ?? null,
  propertyName: (row.propertyName as string | null) ?? null,
  bank: row.bank as TransferAccountView['bank'],
  accountType: row.accountType as TransferAccountView['accountType'],
  number: row.number as string,
  holder: row.holder as string,
  rnc: (row.rnc as string | null) ?? null,
});

/** The organization's accounts, those of all its properties or (`propertyIds`) of these only; the organization's first. */
export async function listTransferAccounts(organizationId: number, propertyIds: Knex.QueryBuilder | null, trx: Knex = db()) {
  const query = trx('transferAccounts as t')
    .leftJoin('properties as p', 'p.id', 't.property_id')
    .where('t.organizationId', organizationId)
    .orderByRaw('t.property_id nulls first, t.id')
    .limit(100)
    .select(COLUMNS);
  if (propertyIds) query.where((scope) => scope.whereNull('t.propertyId').orWhereIn('t.propertyId', propertyIds));
  return (await query).map(present);
}

async function readOne(trx: Knex, id: number) {
  return present(await trx('transferAccounts as t').leftJoin('properties as p', 'p.id', 't.property_id').where('t.id', id).first(COLUMNS));
}

async function tell(trx: Knex, actor: User, type: 'transfer_account.created' | 'transfer_account.updated' | 'transfer_account.deleted', id: number, payload: Record<string, unknown>) {
  await recordEvent(trx, { type, organizationId: actor.organizationId, audience: 'administrators', actorId: actor.id, subject: { type: 'transfer_account', id }, payload });
}

export async function createTransferAccount(trx: Knex, actor: User, input: TransferAccountInput) {
  const [row] = await trx('transferAccounts').insert({ ...input, organizationId: actor.organizationId }).returning('id');
  await tell(trx, actor, 'transfer_account.created', row.id, { bank: input.bank, propertyId: input.propertyId });
  return readOne(trx, row.id);
}

export async function updateTransferAccount(trx: Knex, actor: User, id: number, input: TransferAccountInput) {
  await trx('transferAccounts').where({ id }).update({ ...input, updatedAt: trx.fn.now() });
  await tell(trx, actor, 'transfer_account.updated', id, { bank: input.bank, propertyId: input.propertyId });
  return readOne(trx, id);
}

export async function deleteTransferAccount(trx: Knex, actor: User, id: number) {
  const [row] = await trx('transferAccounts').where({ id }).delete().returning(['bank', 'propertyId']);
  await tell(trx, actor, 'transfer_account.deleted', id, { bank: row?.bank, propertyId: row?.propertyId ?? null });
}
