import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
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
