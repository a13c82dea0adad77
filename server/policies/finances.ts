import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import type { Property, User } from '../models';
import { findReadableProperty } from './properties';
import { whereOrganizationReachable } from './tenancy';

/**
 * Who may use finances (docs/modules/finances.md, "Who"): the administrators of the
 * organizations they reach; every other role is refused outright (403). A fund, supplier,
 * expense or property outside the administrator's reach answers 404, also when a request
 * names it in its body.
 */
export function authorizeFinances(user: User) {
  if (!can(user, 'finances.manage')) throw forbidden();
}

/** Restricts a query on a finances table (`table` has `organization_id`) to the user's reach. */
export function whereFinancesReachable<Q extends Knex.QueryBuilder>(query: Q, table: string, user: User): Q {
  return whereOrganizationReachable(query, `${table}.organization_id`, user);
}

/**
 * A property whose finances the user manages. Outside a transaction it is found once per data
 * version (services/listTotals.ts): finances' reads only read it.
 */
export async function findFinancesProperty(user: User, id: number, trx: Knex = db()): Promise<Property> {
  authorizeFinances(user);
  return findReadableProperty(user, id, trx, { remembered: true });
}

async function findReachable<Row>(user: User, table: string, id: number, missing: Parameters<typeof messageText>[0], trx: Knex, lock: boolean) {
  authorizeFinances(user);
  const query = whereFinancesReachable(trx(table).where(`${table}.id`, id), table, user).first(`${table}.*`);
  if (lock) query.forUpdate();
  const row = (await query) as Row | undefined;
  if (!row) throw notFound(messageText(missing));
  return row;
}

/** A fund the user manages (locked for the transaction with `lock`). */
export const findFund = <Row = { id: number; organizationId: number; propertyId: number }>(user: User, id: number, trx: Knex = db(), { lock = false } = {}) =>
  findReachable<Row>(user, 'funds', id, 'finances_fund_not_found', trx, lock);

/** A supplier of the organizations the user manages. */
export const findSupplier = <Row = { id: number; organizationId: number }>(user: User, id: number, trx: Knex = db()) =>
  findReachable<Row>(user, 'suppliers', id, 'finances_supplier_not_found', trx, false);

/** An expense the user manages (locked for the transaction with `lock`: payments and voids). */
export const findExpense = <Row = { id: number; organizationId: number; propertyId: number }>(user: User, id: number, trx: Knex = db(), { lock = false } = {}) =>
  findReachable<Row>(user, 'expenses', id, 'finances_expense_not_found', trx, lock);
