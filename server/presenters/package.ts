import { EXPIRING_WITHIN_DAYS, type PackageEventPayload, type PackageView, type PetView, type VehicleView } from '../../shared/schemas/packages';
import { addDays, dayOf } from '../../shared/time';
import type { User } from '../models';
import type { PackageRow, PetRow, VehicleRow } from '../rows/packages';
import { packageActions } from '../policies/desk';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const DAY_MS = 86_400_000;

/** Whole days a package waited: until now while it waits, else until it left the desk. */
export const ageDays = (row: Pick<PackageRow, 'createdAt' | 'pickedUpAt' | 'returnedAt'>, now = new Date()) =>
  Math.max(0, Math.floor(((row.pickedUpAt ?? row.returnedAt ?? now).valueOf() - new Date(row.createdAt).valueOf()) / DAY_MS));

/**
 * A package as the user reads it. `actsFor`: the user acts for its unit now (policies/desk.ts):
 * only then, and only while it waits, does it carry its pickup code.
 */
export function presentPackage(row: PackageRow, user: User, actsFor: boolean): PackageView {
  const closed = row.status !== 'waiting';
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    carrier: row.carrier,
    tracking: row.tracking,
    size: row.size,
    perishable: row.perishable,
    shelf: row.shelf,
    notes: row.notes,
    status: row.status,
    pickupCode: actsFor && !closed ? row.pickupCode : null,
    hasPhoto: row.hasPhoto,
    photoUrl: row.hasPhoto ? `/api/packages/${row.id}/photo` : null,
    hasSignature: row.hasSignature,
    signatureUrl: row.hasSignature ? `/api/packages/${row.id}/signature` : null,
    loggedBy: row.loggedByName,
    createdAt: iso(row.createdAt)!,
    ageDays: ageDays(row),
    pickedUpAt: iso(row.pickedUpAt),
    pickedUpBy: row.status === 'picked_up' ? { userId: row.pickedUpByUserId, name: row.pickedUpByName ?? row.pickedUpByUserName, idNumber: row.pickedUpByIdNumber } : null,
    handedBy: row.handedByName,
    returnedAt: iso(row.returnedAt),
    returnReason: row.returnReason,
    reminders: row.reminders,
    anonymized: row.anonymizedAt !== null,
    actions: packageActions(user, row),
  };
}

/** What a package's events carry: its code only in the copies for who acts for its unit (`forUnit`). */
export function packagePayload(row: PackageRow, forUnit: boolean, extra: Partial<PackageEventPayload> = {}): PackageEventPayload {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    carrier: row.carrier,
    perishable: row.perishable,
    status: row.status,
    ...(forUnit ? { forUnit: true, ...(row.status === 'waiting' ? { pickupCode: row.pickupCode } : {}) } : {}),
    ...extra,
  };
}

export function presentVehicle(row: VehicleRow, manages: boolean): VehicleView {
  return {
    id: row.id,
    propertyId: row.propertyId,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    plate: row.plate,
    make: row.make,
    model: row.model,
    colour: row.colour,
    parkingSpot: row.parkingSpot,
    createdAt: iso(row.createdAt)!,
    canManage: manages,
  };
}

/** Where a vaccination record stands on `today` (Santo Domingo). */
export function recordState(row: Pick<PetRow, 'hasRecord' | 'recordExpiresOn'>, today = dayOf(new Date())): PetView['recordState'] {
  if (!row.hasRecord || !row.recordExpiresOn) return 'missing';
  if (row.recordExpiresOn < today) return 'expired';
  if (row.recordExpiresOn <= addDays(today, EXPIRING_WITHIN_DAYS)) return 'expiring';
  return 'valid';
}

export function presentPet(row: PetRow, manages: boolean): PetView {
  return {
    id: row.id,
    propertyId: row.propertyId,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    name: row.name,
    species: row.species,
    breed: row.breed,
    hasRecord: row.hasRecord,
    recordName: row.recordName,
    recordUrl: row.hasRecord ? `/api/pets/${row.id}/record` : null,
    recordExpiresOn: row.recordExpiresOn,
    recordState: recordState(row),
    createdAt: iso(row.createdAt)!,
    canManage: manages,
  };
}
