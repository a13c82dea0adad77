import type { Knex } from 'knex';
import type { User } from '../models';
import { actsForUnit } from '../policies/residency';
import { cancelBookingsOfFormerBooker } from './bookings/cancel';
import { cancelPassesOfFormerHost } from './visitors';

/**
 * What ends when a person's tie to a unit ends (a residence deactivated or moved to another
 * unit, a unit's ownership passed to someone else) and they no longer act for it
 * (policies/residency.ts): the visitor passes they host there are cancelled (the desk says the
 * host no longer lives in the unit) and their live bookings for it are cancelled as an
 * administrator cancels them, in the caller's transaction, each with its event. What they keep
 * reading afterwards: docs/permissions.md, "What a resident keeps after leaving".
 */
export async function leaveUnit(trx: Knex, actor: User, userId: number, unitId: number) {
  if (await actsForUnit(userId, unitId, trx)) return;
  await cancelPassesOfFormerHost(trx, actor, userId, unitId);
  await cancelBookingsOfFormerBooker(trx, actor, userId, unitId);
}
