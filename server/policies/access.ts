import type { Knex } from 'knex';
import { db } from '../db';

/**
 * Where a user stands, beyond their role:
 * - `member`: reads what their role gives them (docs/permissions.md);
 * - `awaiting`: a Residente placed in no property yet (a self-registration waiting for an
 *   administrator's approval): reads nothing but their own account;
 * - `ended`: a Residente whose every residence has ended: may not be signed in at all.
 */
export type UserAccess = 'member' | 'awaiting' | 'ended';

/** The access of the user row `alias` (SQL), computed with the session's own query. */
export const accessSql = (alias: string) => `case
    when ${alias}.role <> 'Residente' or ${alias}.is_super_admin then 'member'
    when exists (select 1 from residents r where r.user_id = ${alias}.id and r.status <> 'inactive') then 'member'
    when exists (select 1 from residents r where r.user_id = ${alias}.id) then 'ended'
    else 'awaiting' end`;

/** SQL: the user row `alias` is active, of an active organization (or a super-admin). */
export const activeUserSql = (alias: string) =>
  `${alias}.is_active and (${alias}.is_super_admin or exists
    (select 1 from organizations o where o.id = ${alias}.organization_id and o.status = 'active'))`;

export async function accessOf(userId: number, trx: Knex = db()): Promise<UserAccess> {
  const { rows } = await trx.raw(`select ${accessSql('u')} as access from users u where u.id = ?`, [userId]);
  return rows[0]?.access ?? 'ended';
}
