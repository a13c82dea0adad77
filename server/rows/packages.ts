import type { Knex } from 'knex';
import type { PackageCarrier, PackageSize, PackageStatus, PetSpecies } from '../../shared/enums';
import { db } from '../db';

/**
 * The rows of packages, vehicles and pets (docs/modules/packages.md) and the joins that
 * produce them: never the bytes of a photo, a signature or a record (those are read one at a time).
 */

export type PackageRow = {
  id: number;
  propertyId: number;
  unitId: number;
  carrier: PackageCarrier;
  tracking: string | null;
  size: PackageSize;
  perishable: boolean;
  shelf: string | null;
  notes: string | null;
  status: PackageStatus;
  pickupCode: string;
  hasPhoto: boolean;
  hasSignature: boolean;
  loggedById: number | null;
  createdAt: Date;
  pickedUpAt: Date | null;
  pickedUpByUserId: number | null;
  pickedUpByName: string | null;
  pickedUpByIdNumber: string | null;
  handedById: number | null;
  returnedAt: Date | null;
  returnReason: string | null;
  reminders: number;
  anonymizedAt: Date | null;
  version: number;
  organizationId: number;
  propertyName: string;
  unitNumber: string;
  loggedByName: string | null;
  handedByName: string | null;
  pickedUpByUserName: string | null;
};

const fullNameOf = (trx: Knex, table: string) => trx.raw(`nullif(trim(concat_ws(' ', ${table}.name, ${table}.last_name)), '')`);

/** The tables packageRows reads (what a remembered page of packages depends on: services/listTotals.ts). */
export const PACKAGE_ROW_TABLES = ['packages', 'properties', 'units', 'users'];

/** Packages joined with their property, unit and the names of who logged and handed them out. */
export function packageRows(trx: Knex = db()) {
  return trx('packages')
    .join('properties', 'properties.id', 'packages.property_id')
    .join('units', 'units.id', 'packages.unit_id')
    .leftJoin('users as logger', 'logger.id', 'packages.logged_by_id')
    .leftJoin('users as hander', 'hander.id', 'packages.handed_by_id')
    .leftJoin('users as taker', 'taker.id', 'packages.picked_up_by_user_id')
    .select(
      'packages.id',
      'packages.property_id',
      'packages.unit_id',
      'packages.carrier',
      'packages.tracking',
      'packages.size',
      'packages.perishable',
      'packages.shelf',
      'packages.notes',
      'packages.status',
      'packages.pickup_code',
      trx.raw('packages.photo is not null as has_photo'),
      trx.raw('packages.signature is not null as has_signature'),
      'packages.logged_by_id',
      'packages.created_at',
      'packages.picked_up_at',
      'packages.picked_up_by_user_id',
      'packages.picked_up_by_name',
      'packages.picked_up_by_id_number',
      'packages.handed_by_id',
      'packages.returned_at',
      'packages.return_reason',
      'packages.reminders',
      'packages.anonymized_at',
      'packages.version',
      'properties.organization_id',
      'properties.name as property_name',
      'units.unit_number',
      trx.raw('? as logged_by_name', [fullNameOf(trx, 'logger')]),
      trx.raw('? as handed_by_name', [fullNameOf(trx, 'hander')]),
      trx.raw('? as picked_up_by_user_name', [fullNameOf(trx, 'taker')]),
    );
}

export async function packageRow(trx: Knex, id: number): Promise<PackageRow> {
  return (await packageRows(trx).where('packages.id', id).first()) as PackageRow;
}

export type VehicleRow = {
  id: number;
  propertyId: number;
  unitId: number;
  unitNumber: string;
  organizationId: number;
  plate: string;
  make: string | null;
  model: string | null;
  colour: string | null;
  parkingSpot: string | null;
  createdAt: Date;
};

export const vehicleRows = (trx: Knex = db()) =>
  trx('vehicles')
    .join('units', 'units.id', 'vehicles.unit_id')
    .join('properties', 'properties.id', 'vehicles.property_id')
    .select('vehicles.id', 'vehicles.property_id', 'vehicles.unit_id', 'units.unit_number', 'properties.organization_id', 'vehicles.plate', 'vehicles.make', 'vehicles.model', 'vehicles.colour', 'vehicles.parking_spot', 'vehicles.created_at');

export type PetRow = {
  id: number;
  propertyId: number;
  unitId: number;
  unitNumber: string;
  organizationId: number;
  name: string;
  species: PetSpecies;
  breed: string | null;
  recordName: string | null;
  recordType: string | null;
  hasRecord: boolean;
  recordExpiresOn: string | null;
  createdAt: Date;
};

export const petRows = (trx: Knex = db()) =>
  trx('pets')
    .join('units', 'units.id', 'pets.unit_id')
    .join('properties', 'properties.id', 'pets.property_id')
    .select(
      'pets.id',
      'pets.property_id',
      'pets.unit_id',
      'units.unit_number',
      'properties.organization_id',
      'pets.name',
      'pets.species',
      'pets.breed',
      'pets.record_name',
      'pets.record_type',
      trx.raw('pets.record is not null as has_record'),
      trx.raw("to_char(pets.record_expires_on, 'YYYY-MM-DD') as record_expires_on"),
      'pets.created_at',
    );
