import type { Knex } from 'knex';
import { db } from '../db';
import type { User } from '../models';

/**
 * Who may act for a unit now (docs/permissions.md, "Access follows the relation"): its residents whose residence is not
 * inactive, the owner of the unit (`units.owner_id`) and the owner of its whole property
 * (`properties.owner_id`). Rows scoped to a unit (visitor passes, bookings, maintenance
 * requests of a unit) are reached through this on every request, their live events go to the
 * people it names, and access ends the moment a residence or an ownership does.
 *
 * One relation of (unit_id, user_id) pairs read in either direction: PostgreSQL pushes the
 * filter into each branch of the UNION ALL, so each reads its own index.
 */
function unitActors(trx: Knex) {
  return trx
    .queryBuilder()
    .from('residents')
    .select('unit_id', 'user_id')
    .whereNotNull('unit_id')
    .whereNot('status', 'inactive')
    .unionAll((owners) => owners.from('units').select('id as unit_id', 'owner_id as user_id').whereNotNull('owner_id'))
    .unionAll((landlords) =>
      landlords
        .from('units')
        .join('properties', 'properties.id', 'units.property_id')
        .select('units.id as unit_id', 'properties.owner_id as user_id')
        .whereNotNull('properties.owner_id'),
    );
}

/** Ids (`id`) of the units the user may act for now (a subquery). */
export const actingUnitIds = (user: Pick<User, 'id'>, trx: Knex = db()): Knex.QueryBuilder =>
  trx.from(unitActors(trx).as('acting')).distinct('unit_id as id').where('user_id', user.id);

/** Ids (`id`) of the users who may act for the unit now (a subquery). */
export const unitActorIds = (unitId: number, trx: Knex = db()): Knex.QueryBuilder =>
  trx.from(unitActors(trx).as('acting')).distinct('user_id as id').where('unit_id', unitId);

/** Whether the user may act for the unit now. */
export async function actsForUnit(userId: number, unitId: number, trx: Knex = db()) {
  return Boolean(await trx.from(unitActors(trx).as('acting')).where({ unit_id: unitId, user_id: userId }).first('unit_id'));
}
