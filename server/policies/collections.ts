import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { db } from '../db';
import { notFound } from '../errors';
import type { User } from '../models';
import { authorizeBillingManage, authorizeBillingRead, billingUnitIds } from './billing';

/**
 * Collecting money (docs/modules/collections.md): reminders and the schedule are the
 * administrators'; a unit's reminders are read by whoever reads its ledger (findBillingUnit).
 */

/** The units an administrator sends reminders to: 404 if any is out of their reach, 403 for other roles. */
export async function findRemindableUnits(user: User, ids: number[], trx: Knex = db()): Promise<number[]> {
  authorizeBillingRead(user);
  const unique = [...new Set(ids)];
  const found: number[] = await trx('units').whereIn('id', unique).whereIn('id', billingUnitIds(user, trx)).pluck('id');
  if (found.length !== unique.length) throw notFound(messageText('billing_unit_not_found'));
  authorizeBillingManage(user);
  return unique;
}

/** The organization's reminder schedule: administrators. */
export const authorizeReminderSchedule = (user: User) => authorizeBillingManage(user);

/** An agreement an administrator may cancel: 404 when its unit is out of their reach, 403 for other roles. */
export async function findManageableAgreement(user: User, id: number, trx: Knex = db()): Promise<number> {
  authorizeBillingRead(user);
  const found = await trx('paymentAgreements').where({ id }).whereIn('unitId', billingUnitIds(user, trx)).first('id');
  if (!found) throw notFound(messageText('agreement_not_found'));
  authorizeBillingManage(user);
  return found.id;
}

/**
 * Where to pay: administrators keep their organization's accounts; owners and residents read
 * their organization's and those of the properties of their units (billingUnitIds); others 403.
 * Answers the properties a reader is limited to (null: all of the organization's).
 */
export function transferAccountScope(user: User, trx: Knex = db()): Knex.QueryBuilder | null {
  authorizeBillingRead(user);
  if (can(user, 'billing.readAll')) return null;
  return trx('units').whereIn('id', billingUnitIds(user, trx)).select('propertyId');
}

/** The account an administrator changes: their organization's (404 otherwise). */
export async function findManageableTransferAccount(user: User, id: number, trx: Knex = db()): Promise<number> {
  authorizeBillingRead(user);
  const found = await trx('transferAccounts').where({ id, organizationId: user.organizationId }).first('id');
  if (!found) throw notFound(messageText('transfer_account_not_found'));
  authorizeBillingManage(user);
  return found.id;
}

/** A property an account belongs to: one of the administrator's own organization (404 otherwise). */
export async function checkTransferAccountProperty(user: User, propertyId: number | null, trx: Knex = db()) {
  if (propertyId === null) return;
  const found = await trx('properties').where({ id: propertyId, organizationId: user.organizationId }).first('id');
  if (!found) throw notFound(messageText('property_not_found'));
}
