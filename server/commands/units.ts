import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import type { PageQuery } from '../../shared/schemas/common';
import type { UnitCreateInput, UnitImportInput, UnitUpdateInput } from '../../shared/schemas/units';
import { db } from '../db';
import { badRequest, conflict, validationError } from '../errors';
import { claimVersion } from '../db/versioned';
import { recordEvent } from '../events/outbox';
import type { Property, Unit, User } from '../models';
import type { PlacedUnit, UnitRow } from '../rows/properties';
import { leaveUnit } from './departures';
import { containsPattern } from '../db/search';
import { isUniqueViolation } from '../db/violations';
import { fullNameSql } from '../db/names';

const UNIQUE_UNIT_NUMBER = 'units_property_id_unit_number_unique';


const duplicateUnitNumber = () =>
  conflict(messageText('unit_number_duplicate'), 'duplicate_unit_number', { unitNumber: messageText('unit_number_duplicate') });

function unitRows(trx: Knex) {
  return trx('units').select(
    'units.*',
    trx.raw("(select count(*) from residents where residents.unit_id = units.id and residents.status <> 'inactive')::int as resident_count"),
    trx.raw(`(select ${fullNameSql('users')} from users where users.id = units.owner_id) as owner_name`),
  );
}

/** The units of a property in natural order ('2' before '10'); `q` searches the unit number. */
export async function listUnits(propertyId: number, page: PageQuery): Promise<{ rows: UnitRow[]; total: number }> {
  const trx = db();
  const filtered = () => {
    const query = trx('units').where('units.propertyId', propertyId);
    if (page.q) query.whereILike('units.unitNumber', containsPattern(page.q));
    return query;
  };
  const rows = unitRows(trx)
    .whereIn('units.id', filtered().select('units.id'))
    .orderByRaw('length(units.unit_number), units.unit_number, units.id')
    .offset(page.offset);
  if (page.limit) rows.limit(page.limit);
  const [list, [{ total }]] = await Promise.all([rows, filtered().count({ total: '*' })]);
  return { rows: list as UnitRow[], total: Number(total) };
}

export async function getUnit(trx: Knex, id: number): Promise<UnitRow> {
  return (await unitRows(trx).where('units.id', id).first()) as UnitRow;
}

export const unitEvent = (
  type: 'unit.created' | 'unit.updated' | 'unit.deleted',
  actor: User,
  organizationId: number,
  unit: Pick<Unit, 'id' | 'propertyId' | 'unitNumber'>,
  extra: { changed?: string[] } = {},
) => ({
  type,
  organizationId,
  audience: 'property' as const,
  propertyId: unit.propertyId,
  actorId: actor.id,
  subject: { type: 'unit', id: unit.id },
  payload: { unitNumber: unit.unitNumber, ...extra },
});

/** Field error unless `ownerId` is a Propietario of the unit's organization (or none). */
async function checkUnitOwner(trx: Knex, ownerId: number | null | undefined, organizationId: number) {
  if (!ownerId) return;
  const owner = await trx('users').where({ id: ownerId, organizationId, role: 'Propietario' }).first('id');
  if (!owner) throw validationError({ ownerId: messageText('billing_owner_invalid') });
}

export async function createUnit(trx: Knex, actor: User, property: Property, input: UnitCreateInput): Promise<UnitRow> {
  await checkUnitOwner(trx, input.ownerId, property.organizationId);
  let id: number;
  try {
    [{ id }] = await trx('units').insert({ ...input, propertyId: property.id }).returning('id');
  } catch (error) {
    throw isUniqueViolation(error, UNIQUE_UNIT_NUMBER) ? duplicateUnitNumber() : error;
  }
  const row = await getUnit(trx, id);
  await recordEvent(trx, unitEvent('unit.created', actor, property.organizationId, row));
  return row;
}

/**
 * The unit with this number in the property, created (with defaults) when there is none;
 * used when a resident is placed by unit number.
 */
export async function findOrCreateUnit(trx: Knex, actor: User, property: Pick<Property, 'id' | 'organizationId'>, unitNumber: string): Promise<Unit> {
  const [created] = await trx('units')
    .insert({ propertyId: property.id, unitNumber })
    .onConflict(['propertyId', 'unitNumber'])
    .ignore()
    .returning('*');
  if (created) {
    await recordEvent(trx, unitEvent('unit.created', actor, property.organizationId, created));
    return created;
  }
  return trx('units').where({ propertyId: property.id, unitNumber }).first();
}

/**
 * The unit a resident is placed in, by number (ignoring case: "4b" is 4B): a number the
 * property does not have is refused (400 `unknown_unit`, so a typo never makes a unit) unless
 * the request says to create it.
 */
export async function unitForResident(
  trx: Knex,
  actor: User,
  property: Pick<Property, 'id' | 'organizationId'>,
  unitNumber: string,
  create: boolean,
): Promise<Unit> {
  const existing = await trx('units').where({ propertyId: property.id }).whereRaw('lower(unit_number) = lower(?)', [unitNumber]).first();
  if (existing) return existing;
  if (!create) throw badRequest(messageText('resident_unit_unknown'), 'unknown_unit', { unit: messageText('resident_unit_unknown') });
  return findOrCreateUnit(trx, actor, property, unitNumber);
}

export async function updateUnit(trx: Knex, actor: User, { unit, property }: PlacedUnit, input: UnitUpdateInput): Promise<UnitRow> {
  const { version, ...fields } = input;
  await claimVersion(trx, 'units', unit.id, version);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  await checkUnitOwner(trx, input.ownerId, property.organizationId);
  try {
    await trx('units').where({ id: unit.id }).update({ ...changes, updatedAt: trx.fn.now() });
  } catch (error) {
    throw isUniqueViolation(error, UNIQUE_UNIT_NUMBER) ? duplicateUnitNumber() : error;
  }
  const row = await getUnit(trx, unit.id);
  // A new owner: who reads the property changes (realtime/access.ts); the former one leaves the unit.
  const ownerChanged = input.ownerId !== undefined && (input.ownerId ?? null) !== (unit.ownerId ?? null);
  await recordEvent(trx, unitEvent('unit.updated', actor, property.organizationId, row, ownerChanged ? { changed: ['ownerId'] } : {}));
  if (ownerChanged && unit.ownerId) await leaveUnit(trx, actor, unit.ownerId, unit.id);
  return row;
}

/**
 * Deletes a unit nobody lives in and without charges or payments (the ledger is never lost). Former (inactive) residents keep their residence without a
 * unit; maintenance requests and visits keep theirs without it too (SET NULL).
 */
export async function deleteUnit(trx: Knex, actor: User, { unit, property }: PlacedUnit) {
  await trx('units').where({ id: unit.id }).forUpdate().first('id');
  const living = await trx('residents').where({ unitId: unit.id }).whereNot({ status: 'inactive' }).first('id');
  if (living) throw conflict(messageText('unit_has_residents'), 'unit_in_use');
  const [charged, paid] = await Promise.all([trx('charges').where({ unitId: unit.id }).first('id'), trx('payments').where({ unitId: unit.id }).first('id')]);
  if (charged || paid) throw conflict(messageText('unit_has_charges'), 'unit_in_use');
  await trx('residents').where({ unitId: unit.id }).update({ unitId: null, updatedAt: trx.fn.now() });
  await trx('units').where({ id: unit.id }).delete();
  await recordEvent(trx, unitEvent('unit.deleted', actor, property.organizationId, unit));
}

/**
 * A CSV import of a property's units (unit number, floor, area, share), in one transaction: a
 * unit number the property has (ignoring case) updates that unit's given values; a new one
 * creates the unit. A number twice in the file is refused (400 on the second row).
 */
export async function importUnits(trx: Knex, actor: User, property: Property, { rows }: UnitImportInput) {
  const seen = new Map<string, number>();
  const fields: Record<string, string> = {};
  rows.forEach((row, index) => {
    const key = row.unitNumber.toLowerCase();
    if (seen.has(key)) fields[`rows.${index}.unitNumber`] = messageText('unit_import_duplicate');
    seen.set(key, index);
  });
  if (Object.keys(fields).length) throw validationError(fields);
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    const given = Object.fromEntries(Object.entries({ floor: row.floor, squareMeters: row.squareMeters, share: row.share }).filter(([, value]) => value !== null && value !== undefined));
    const existing = await trx('units').where({ propertyId: property.id }).whereRaw('lower(unit_number) = lower(?)', [row.unitNumber]).first('id');
    if (existing) {
      if (!Object.keys(given).length) continue;
      await trx('units').where({ id: existing.id }).update({ ...given, version: trx.raw('version + 1'), updatedAt: trx.fn.now() });
      await recordEvent(trx, unitEvent('unit.updated', actor, property.organizationId, await getUnit(trx, existing.id)));
      updated++;
    } else {
      const [unit] = await trx('units').insert({ ...given, propertyId: property.id, unitNumber: row.unitNumber }).returning('*');
      await recordEvent(trx, unitEvent('unit.created', actor, property.organizationId, unit));
      created++;
    }
  }
  return { created, updated };
}
