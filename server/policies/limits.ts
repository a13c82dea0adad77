import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { conflict } from '../errors';

/**
 * Locks the organization row (so concurrent creations count each other) and refuses when its
 * `maxProperties` / `maxUsers` limit is reached.
 */
export async function assertOrganizationLimit(trx: Knex, organizationId: number, kind: 'properties' | 'users') {
  const organization = await trx('organizations').where({ id: organizationId }).forUpdate().first('maxProperties', 'maxUsers');
  const limit = kind === 'properties' ? organization?.maxProperties : organization?.maxUsers;
  if (limit == null) return;
  const [{ count }] =
    kind === 'properties'
      ? await trx('properties').where({ organizationId }).count({ count: '*' })
      : await trx('users').where({ organizationId, isActive: true }).count({ count: '*' });
  if (Number(count) >= limit) {
    throw conflict(messageText(kind === 'properties' ? 'property_limit_reached' : 'user_limit_reached'), 'limit_reached');
  }
}
