import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { fullName } from '../../../shared/format';
import { messageText } from '../../../shared/messages';
import type { PackageCreateInput, PackageListQuery, PackagePickupInput } from '../../../shared/schemas/packages';
import { dayStart, nextDay } from '../../../shared/time';
import { db, PREPARE } from '../../db';
import { claimVersion } from '../../db/versioned';
import { conflict, validationError } from '../../errors';
import type { User } from '../../models';
import { PACKAGE_ROW_TABLES, packageRow, packageRows, type PackageRow } from '../../rows/packages';
import { rememberedPage } from '../../services/listTotals';
import { authorizePackageDesk, unitsActedFor, whereDeskReadable } from '../../policies/desk';
import { actsForUnit, unitActorIds } from '../../policies/residency';
import { presentPackage } from '../../presenters/package';
import { recordPackageEvent } from './events';
import { checkedUpload, PHOTO_RULES, SIGNATURE_RULES } from './files';

/** Packages at the desk (docs/modules/packages.md): logging, the lists, pickup and return. */

/** A 6-digit pickup code (cryptographically random; leading zeros kept). */
export const newPickupCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The packages the user reads that match the filters: a lean query (packages and properties,
 * units only to search their numbers) for the count and the page's ids.
 */
function filteredPackages(user: User, filters: Partial<PackageListQuery>, trx: Knex) {
  const query = whereDeskReadable(trx('packages').join('properties', 'properties.id', 'packages.property_id'), 'packages', user, trx);
  if (filters.propertyId) query.where('packages.property_id', filters.propertyId);
  if (filters.unitId) query.where('packages.unit_id', filters.unitId);
  if (filters.status) query.where('packages.status', filters.status);
  if (filters.carrier) query.where('packages.carrier', filters.carrier);
  if (filters.from) query.where('packages.created_at', '>=', dayStart(filters.from));
  if (filters.to) query.where('packages.created_at', '<', dayStart(nextDay(filters.to)));
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.join('units', 'units.id', 'packages.unit_id');
    query.where((q) => q.whereILike('packages.tracking', like).orWhereILike('units.unit_number', like).orWhereILike('packages.shelf', like));
  }
  return query;
}

/**
 * The packages the user reads, filtered, a page at a time; waiting ones oldest first (by age),
 * the others newest first. The lean query chooses the page's ids, then they are read whole by
 * id: two statements of few tables each, which PostgreSQL plans once (prepared, generic) where
 * one statement of both took longer to plan than to run. The page and the total are remembered
 * per data version like the other lists (services/listTotals.ts).
 */
export async function listPackages(user: User, filters: Partial<PackageListQuery>, trx: Knex = db()) {
  const order = filters.status === 'waiting' ? 'asc' : 'desc';
  const byAge = [
    { column: 'packages.created_at', order },
    { column: 'packages.id', order },
  ];
  const page = filteredPackages(user, filters, trx)
    .select('packages.id')
    .orderBy(byAge)
    .offset(filters.offset ?? 0)
    .limit(filters.limit ?? 100)
    .options(PREPARE);
  return rememberedPage(user, { page, filtered: () => filteredPackages(user, filters, trx).options(PREPARE) }, trx, {
    alsoReads: PACKAGE_ROW_TABLES,
    finish: async (found: Array<{ id: number }>) =>
      found.length
        ? ((await packageRows(trx)
            .whereRaw('packages.id = any(?::int[])', [`{${found.map((row) => row.id).join(',')}}`])
            .orderBy(byAge)
            .options(PREPARE)) as PackageRow[])
        : [],
  });
}

/** Packages as the user reads them: the code only for the units they act for. */
export async function presentPackages(user: User, rows: PackageRow[], trx: Knex = db()) {
  const acted = await unitsActedFor(user, rows.filter((row) => row.status === 'waiting').map((row) => row.unitId), trx);
  return rows.map((row) => presentPackage(row, user, acted.has(row.unitId)));
}

/** Who may pick up a unit's packages by name: who acts for it now (active accounts), by name. */
export async function unitPeopleOf(unitId: number, trx: Knex = db()) {
  const people: Array<{ id: number; name: string; lastName: string | null }> = await trx('users')
    .whereIn('id', unitActorIds(unitId, trx))
    .where({ isActive: true })
    .orderBy(['name', 'lastName'])
    .select('id', 'name', 'lastName');
  return people.map((person) => ({ id: person.id, name: fullName(person.name, person.lastName) }));
}

/** The desk logs a package for a unit of its property: a pickup code for the unit, and the unit is told at once. */
export async function logPackage(trx: Knex, actor: User, input: PackageCreateInput) {
  const property = await authorizePackageDesk(actor, input.propertyId, trx);
  const unit = await trx('units').where({ id: input.unitId, propertyId: property.id }).first('id');
  if (!unit) throw validationError({ unitId: messageText('package_unit_required') });
  const photo = input.photo ? await checkedUpload(input.photo, PHOTO_RULES) : null;
  const [{ id }] = await trx('packages').insert(
    {
      propertyId: property.id,
      unitId: unit.id,
      carrier: input.carrier,
      tracking: input.tracking,
      size: input.size,
      perishable: input.perishable,
      shelf: input.shelf,
      notes: input.notes,
      pickupCode: newPickupCode(),
      photo,
      photoType: photo ? input.photo!.fileType : null,
      loggedById: actor.id,
    },
    ['id'],
  );
  const row = await packageRow(trx, id);
  await recordPackageEvent(trx, 'package.logged', row, actor);
  return row;
}

/** The outcome of a pickup: done, or a wrong code (nothing changed; the route counts it as a guess). */
export type PickupOutcome = { row: PackageRow; wrongCode?: false } | { wrongCode: true };

/**
 * Hands out a waiting package (found and locked by policies/desk.ts's findDeskPackage): to a
 * person who acts for its unit (code optional), or to someone else by name and cédula (code
 * required). A wrong code changes nothing and is answered as such; a package already picked up
 * or returned (another tablet was faster) is 409.
 */
export async function pickupPackage(trx: Knex, actor: User, row: PackageRow, input: PackagePickupInput, now = new Date()): Promise<PickupOutcome> {
  if (row.status !== 'waiting') throw conflict(messageText('package_not_waiting'), 'not_waiting');
  const by = input.pickedUpBy;
  let name = by.name;
  if (by.userId) {
    if (!(await actsForUnit(by.userId, row.unitId, trx))) throw validationError({ 'pickedUpBy.userId': messageText('package_picked_up_user_invalid') });
    // Their name as it is today: the log keeps it if the account goes.
    const person = await trx('users').where({ id: by.userId }).first('name', 'lastName');
    name = fullName(person.name, person.lastName);
  } else if (!input.code) {
    throw validationError({ code: messageText('package_code_required') });
  }
  if (input.code && input.code !== row.pickupCode) return { wrongCode: true };
  const signature = input.signature ? await checkedUpload(input.signature, SIGNATURE_RULES) : null;
  await claimVersion(trx, 'packages', row.id);
  await trx('packages')
    .where({ id: row.id })
    .update({
      status: 'picked_up',
      pickedUpAt: now,
      pickedUpByUserId: by.userId ?? null,
      pickedUpByName: name,
      pickedUpByIdNumber: by.userId ? null : by.idNumber,
      signature,
      handedById: actor.id,
      updatedAt: now,
    });
  const updated = await packageRow(trx, row.id);
  await recordPackageEvent(trx, 'package.picked_up', updated, actor);
  return { row: updated };
}

/** Returns a waiting package to its carrier, with why; 409 once it left the desk. */
export async function returnPackage(trx: Knex, actor: User, row: PackageRow, reason: string, now = new Date()) {
  if (row.status !== 'waiting') throw conflict(messageText('package_not_waiting'), 'not_waiting');
  await claimVersion(trx, 'packages', row.id);
  await trx('packages').where({ id: row.id }).update({ status: 'returned', returnedAt: now, returnedById: actor.id, returnReason: reason, updatedAt: now });
  const updated = await packageRow(trx, row.id);
  await recordPackageEvent(trx, 'package.returned', updated, actor, { reason });
  return updated;
}
