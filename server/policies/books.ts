import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { notFound } from '../errors';
import type { User } from '../models';
import { authorizeFinances, whereFinancesReachable } from './finances';
import { canReachOrganization } from './tenancy';

/**
 * The books follow finances' rule (policies/finances.ts): the administrators of the
 * organizations they reach; other roles 403; another organization's account 404.
 */

/** An account of the chart of an organization the user manages (locked with `lock`). */
export async function findAccount(user: User, id: number, trx: Knex = db(), { lock = false } = {}) {
  authorizeFinances(user);
  const query = whereFinancesReachable(trx('accounts').where('accounts.id', id), 'accounts', user).first('accounts.*');
  if (lock) query.forUpdate();
  const account = await query;
  if (!account) throw notFound(messageText('books_account_not_found'));
  return account as { id: number; organizationId: number; key: string | null; kind: string };
}

/** The organization an administrator adds an account to: their own unless they name another they manage (404 otherwise). */
export async function findBooksOrganization(user: User, organizationId: number | undefined, trx: Knex = db()) {
  authorizeFinances(user);
  const id = organizationId ?? user.organizationId;
  if (!(await canReachOrganization(user, id, trx)) || !(await trx('organizations').where({ id }).first('id'))) {
    throw notFound(messageText('books_organization_not_found'));
  }
  return id;
}
