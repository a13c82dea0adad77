import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { db } from '../db';
import { notFound } from '../errors';
import type { User } from '../models';
import type { StoredBankAccount, StoredBankLine } from '../rows/financesBank';
import { rememberedForVersions } from '../services/listTotals';
import { authorizeFinances, whereFinancesReachable } from './finances';

/**
 * Bank accounts and their statement lines follow finances' rule (policies/finances.ts):
 * administrators of the organizations they reach; other roles 403; another organization's
 * account or line 404, also when a request names it in its body. An account only read (not
 * locked, outside a transaction) is found once per data version (services/listTotals.ts).
 */
export async function findBankAccount(user: User, id: number, trx: Knex = db(), { lock = false } = {}): Promise<StoredBankAccount> {
  authorizeFinances(user);
  const query = whereFinancesReachable(trx('bankAccounts').where('bankAccounts.id', id), 'bank_accounts', user).first('bankAccounts.*');
  if (lock) query.forUpdate();
  const row = (lock ? await query : await rememberedForVersions(user, query, async () => query, trx)) as StoredBankAccount | undefined;
  if (!row) throw notFound(messageText('finances_bank_account_not_found'));
  return row;
}

/** A statement line the user manages, locked for the transaction (matching and unmatching). */
export async function findBankLine(user: User, id: number, trx: Knex): Promise<StoredBankLine> {
  authorizeFinances(user);
  const row = (await whereFinancesReachable(trx('bankLines').where('bankLines.id', id), 'bank_lines', user)
    .first('bankLines.*')
    .forUpdate()) as StoredBankLine | undefined;
  if (!row) throw notFound(messageText('finances_bank_line_not_found'));
  return row;
}
