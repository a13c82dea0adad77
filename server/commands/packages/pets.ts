import type { Knex } from 'knex';
import type { PetCreateInput, PetPatchInput } from '../../../shared/schemas/packages';
import { addDays, todayThere } from '../../../shared/time';
import { db } from '../../db';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { petRows, type PetRow } from '../../rows/packages';
import { authorizeUnitRegistry, managesUnitRegistry, readablePets, unitsActedFor } from '../../policies/desk';
import { unitActorIds } from '../../policies/residency';
import { presentPet } from '../../presenters/package';
import { checkedUpload, RECORD_RULES } from './files';

/** Pets per unit with their vaccination record (docs/modules/packages.md, "Pets"): managed by the unit's residents. */

const petRow = async (trx: Knex, id: number) => (await petRows(trx).where('pets.id', id).first()) as PetRow;

async function recordPetEvent(trx: Knex, type: 'pet.created' | 'pet.updated' | 'pet.deleted', row: PetRow, actor: User) {
  const base = { type, organizationId: row.organizationId, propertyId: row.propertyId, actorId: actor.id, subject: { type: 'pet', id: row.id }, payload: { id: row.id, unitId: row.unitId, unitNumber: row.unitNumber, name: row.name, species: row.species } };
  const people: number[] = (await unitActorIds(row.unitId, trx)).map((r: { id: number }) => r.id);
  await recordEvent(trx, { ...base, audience: 'administrators' }, ...people.map((userId) => ({ ...base, audience: 'user' as const, userId })));
}

export async function unitPets(user: User, unitId: number, trx: Knex = db()) {
  await authorizeUnitRegistry(user, unitId, 'pets', false, trx);
  const manages = managesUnitRegistry(user, (await unitsActedFor(user, [unitId], trx)).has(unitId));
  const rows = (await petRows(trx).where('pets.unit_id', unitId).orderBy('pets.name').limit(100)) as PetRow[];
  return rows.map((row) => presentPet(row, manages));
}

const recordColumns = async (record: PetCreateInput['record']) => {
  if (record === undefined) return {};
  if (record === null) return { record: null, recordName: null, recordType: null };
  return { record: await checkedUpload(record, RECORD_RULES), recordName: record.fileName, recordType: record.fileType };
};

export async function addPet(trx: Knex, actor: User, unitId: number, input: PetCreateInput) {
  const unit = await authorizeUnitRegistry(actor, unitId, 'pets', true, trx);
  const [{ id }] = await trx('pets').insert(
    { propertyId: unit.propertyId, unitId, name: input.name, species: input.species, breed: input.breed, recordExpiresOn: input.recordExpiresOn ?? null, createdById: actor.id, ...(await recordColumns(input.record)) },
    ['id'],
  );
  const row = await petRow(trx, id);
  await recordPetEvent(trx, 'pet.created', row, actor);
  return row;
}

export async function changePet(trx: Knex, actor: User, row: PetRow, input: PetPatchInput) {
  const { record, ...fields } = input;
  await trx('pets').where({ id: row.id }).update({ ...fields, ...(await recordColumns(record)), updatedAt: trx.fn.now() });
  const updated = await petRow(trx, row.id);
  await recordPetEvent(trx, 'pet.updated', updated, actor);
  return updated;
}

export async function removePet(trx: Knex, actor: User, row: PetRow) {
  await trx('pets').where({ id: row.id }).delete();
  await recordPetEvent(trx, 'pet.deleted', row, actor);
}

/** The vaccination records the administrator reads that expire within `days` or already did (and pets with none), soonest first. */
export async function expiringRecords(user: User, filters: { propertyId?: number; days: number }, trx: Knex = db()) {
  const query = readablePets(user, trx)
    .where((q) => q.whereNull('pets.record_expires_on').orWhereNull('pets.record').orWhere('pets.record_expires_on', '<=', addDays(todayThere(), filters.days)))
    .orderByRaw('pets.record_expires_on asc nulls first, pets.id')
    .limit(500);
  if (filters.propertyId) query.where('pets.property_id', filters.propertyId);
  return ((await query) as PetRow[]).map((row) => presentPet(row, true));
}

/** The bytes of a pet's vaccination record. */
export async function petRecord(id: number, trx: Knex = db()) {
  const row = await trx('pets').where({ id }).first('record as content', 'record_type', 'record_name');
  return row?.content ? (row as { content: Buffer; recordType: string; recordName: string | null }) : null;
}
