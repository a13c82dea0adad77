import type { Knex } from 'knex';
import { LIVE_VISITOR_STATUSES } from '../../../shared/enums';
import { messageText } from '../../../shared/messages';
import type { PlateMatch, VehicleCreateInput, VehiclePatchInput } from '../../../shared/schemas/packages';
import { db } from '../../db';
import { rememberedForVersions } from '../../services/listTotals';
import { isUniqueViolation } from '../../db/violations';
import { conflict } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { vehicleRows, type VehicleRow } from '../../rows/packages';
import { authorizePlateSearch, authorizeUnitRegistry, managesUnitRegistry, unitsActedFor } from '../../policies/desk';
import { unitActorIds } from '../../policies/residency';
import { presentVehicle } from '../../presenters/package';

/** Vehicles per unit (docs/modules/packages.md, "Vehicles"): managed by the unit's residents, found by the desk by plate. */

const vehicleRow = async (trx: Knex, id: number) => (await vehicleRows(trx).where('vehicles.id', id).first()) as VehicleRow;

async function recordVehicleEvent(trx: Knex, type: 'vehicle.created' | 'vehicle.updated' | 'vehicle.deleted', row: VehicleRow, actor: User) {
  const base = { type, organizationId: row.organizationId, propertyId: row.propertyId, actorId: actor.id, subject: { type: 'vehicle', id: row.id }, payload: { id: row.id, unitId: row.unitId, unitNumber: row.unitNumber, plate: row.plate } };
  const people: number[] = (await unitActorIds(row.unitId, trx)).map((r: { id: number }) => r.id);
  await recordEvent(trx, { ...base, audience: 'administrators' }, ...people.map((userId) => ({ ...base, audience: 'user' as const, userId })));
}

const plateTaken = (error: unknown) => {
  if (isUniqueViolation(error, 'vehicles_unit_plate')) throw conflict(messageText('vehicle_plate_taken'), 'plate_taken');
  throw error;
};

export async function unitVehicles(user: User, unitId: number, trx: Knex = db()) {
  await authorizeUnitRegistry(user, unitId, 'vehicles', false, trx);
  const manages = managesUnitRegistry(user, (await unitsActedFor(user, [unitId], trx)).has(unitId) && user.role !== 'Suplidor');
  const rows = (await vehicleRows(trx).where('vehicles.unit_id', unitId).orderBy('vehicles.plate').limit(100)) as VehicleRow[];
  return rows.map((row) => presentVehicle(row, manages));
}

export async function addVehicle(trx: Knex, actor: User, unitId: number, input: VehicleCreateInput) {
  const unit = await authorizeUnitRegistry(actor, unitId, 'vehicles', true, trx);
  const [{ id }] = await trx('vehicles')
    .insert({ propertyId: unit.propertyId, unitId, plate: input.plate, make: input.make, model: input.model, colour: input.colour, parkingSpot: input.parkingSpot, createdById: actor.id }, ['id'])
    .catch(plateTaken);
  const row = await vehicleRow(trx, id);
  await recordVehicleEvent(trx, 'vehicle.created', row, actor);
  return row;
}

export async function changeVehicle(trx: Knex, actor: User, row: VehicleRow, input: VehiclePatchInput) {
  if (Object.keys(input).length) await trx('vehicles').where({ id: row.id }).update({ ...input, updatedAt: trx.fn.now() }).catch(plateTaken);
  const updated = await vehicleRow(trx, row.id);
  await recordVehicleEvent(trx, 'vehicle.updated', updated, actor);
  return updated;
}

export async function removeVehicle(trx: Knex, actor: User, row: VehicleRow) {
  await trx('vehicles').where({ id: row.id }).delete();
  await recordVehicleEvent(trx, 'vehicle.deleted', row, actor);
}

/**
 * The desk's search by plate (partial, at least 2 characters) at its property: the units'
 * vehicles (they belong here) and the plates of its visitor passes, live ones first.
 */
export async function searchPlates(user: User, propertyId: number, plate: string, trx: Knex = db()): Promise<PlateMatch[]> {
  await authorizePlateSearch(user, propertyId, trx);
  const like = `%${plate}%`;
  const vehiclesFound = vehicleRows(trx).where('vehicles.property_id', propertyId).whereLike('vehicles.plate', like).orderBy('vehicles.plate').limit(20);
  const passesFound = trx('visitors')
    .leftJoin('units', 'units.id', 'visitors.unit_id')
    .where('visitors.property_id', propertyId)
    .whereNull('visitors.anonymized_at')
    .whereNotNull('visitors.vehicle_plate')
    .whereRaw("replace(replace(upper(visitors.vehicle_plate), ' ', ''), '-', '') like ?", [like])
    .orderByRaw('case when visitors.status in (?) then 0 else 1 end, visitors.valid_from desc nulls last', [[...LIVE_VISITOR_STATUSES]])
    .limit(20)
    .select('visitors.id', 'visitors.name', 'visitors.vehicle_plate', 'visitors.status', 'visitors.valid_to', 'visitors.unit_id', 'units.unit_number');
  // Both read the same property and pattern (the first query's values): remembered together per data version (services/listTotals.ts).
  const [vehicles, passes] = await rememberedForVersions(
    user,
    vehiclesFound,
    () => Promise.all([vehiclesFound as Promise<VehicleRow[]>, passesFound]),
    trx,
    ['visitors', 'units'],
  );
  return [
    ...vehicles.map((row): PlateMatch => ({ source: 'vehicle', plate: row.plate, unitId: row.unitId, unitNumber: row.unitNumber, make: row.make, model: row.model, colour: row.colour, parkingSpot: row.parkingSpot })),
    ...passes.map(
      (row): PlateMatch => ({
        source: 'visitor',
        plate: row.vehiclePlate,
        unitId: row.unitId,
        unitNumber: row.unitNumber,
        visitorId: row.id,
        visitorName: row.name,
        status: row.status,
        validTo: row.validTo ? new Date(row.validTo).toISOString() : null,
      }),
    ),
  ];
}
