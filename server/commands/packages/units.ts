import type { Knex } from 'knex';
import { fullName } from '../../../shared/format';
import { db } from '../../db';
import type { User } from '../../models';
import { authorizePackageDesk } from '../../policies/desk';

export type DeskUnit = { id: number; unitNumber: string; residents: string[] };

/**
 * The units of a property the desk logs packages for, each with the names of its current
 * residents (active accounts, residence not inactive), so the guard finds a unit by its number
 * or by who lives there. The desk's only: who works no desk 403, a property out of reach 404.
 */
export async function deskUnits(user: User, propertyId: number, trx: Knex = db()): Promise<DeskUnit[]> {
  const property = await authorizePackageDesk(user, propertyId, trx);
  const units: Array<{ id: number; unitNumber: string }> = await trx('units')
    .where({ propertyId: property.id })
    .select('id', 'unitNumber')
    .orderByRaw('length(unit_number), unit_number, id')
    .limit(1000);
  const people: Array<{ unitId: number; name: string; lastName: string | null }> = await trx('residents')
    .join('users', 'users.id', 'residents.user_id')
    .whereIn(
      'residents.unit_id',
      units.map((unit) => unit.id),
    )
    .whereNot('residents.status', 'inactive')
    .where('users.is_active', true)
    .orderBy(['users.name', 'users.last_name'])
    .select('residents.unit_id as unitId', 'users.name as name', 'users.last_name as lastName');
  const byUnit = new Map<number, string[]>();
  for (const person of people) byUnit.set(person.unitId, [...(byUnit.get(person.unitId) ?? []), fullName(person.name, person.lastName)]);
  return units.map((unit) => ({ ...unit, residents: [...new Set(byUnit.get(unit.id) ?? [])] }));
}
