import type { Knex } from 'knex';
import { newPickupCode } from '../commands/packages/packages';

type Person = { id: number };
const DAY = 24 * 3600_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3600_000);

/**
 * The demo's desk work beyond visitors (docs/modules/packages.md): packages waiting at the
 * tower's desk (the resident's unit has two, one of them perishable; one has waited past its
 * reminder), others picked up or returned; the resident's car and dog (with a vaccination record
 * about to expire), and a neighbour's car.
 */
export async function seedDesk(trx: Knex, { admin, resident, tower, towerUnit, otherUnits }: { admin: Person; resident: Person; tower: number; towerUnit: number; otherUnits: number[] }) {
  const guard = await trx('users').where({ username: 'seguridad@vecindad.do' }).first('id');
  const loggedById = guard?.id ?? admin.id;
  const base = { propertyId: tower, loggedById };
  const [neighbour, third] = otherUnits;
  await trx('packages').insert([
    { ...base, unitId: towerUnit, carrier: 'amazon', tracking: 'TBA309812345001', size: 'medium', shelf: 'A-1', pickupCode: newPickupCode(), createdAt: ago(0, 2) },
    { ...base, unitId: towerUnit, carrier: 'local', size: 'small', perishable: true, shelf: 'Nevera', notes: 'Medicamentos refrigerados', pickupCode: newPickupCode(), createdAt: ago(0, 1) },
    { ...base, unitId: neighbour, carrier: 'dhl', tracking: 'JD014600001234567', size: 'large', shelf: 'B-2', pickupCode: newPickupCode(), createdAt: ago(4), lastRemindedOn: ago(0).toISOString().slice(0, 10), reminders: 1 },
    { ...base, unitId: third, carrier: 'vimenpaq', size: 'small', shelf: 'A-3', pickupCode: newPickupCode(), createdAt: ago(1) },
    {
      ...base,
      unitId: towerUnit,
      carrier: 'fedex',
      tracking: '771234567890',
      size: 'small',
      shelf: 'A-2',
      pickupCode: newPickupCode(),
      createdAt: ago(6),
      status: 'picked_up',
      pickedUpAt: ago(5),
      pickedUpByUserId: resident.id,
      pickedUpByName: (await trx('users').where({ id: resident.id }).first(trx.raw("concat_ws(' ', name, last_name) as name"))).name,
      handedById: loggedById,
    },
    { ...base, unitId: neighbour, carrier: 'eps', size: 'medium', pickupCode: newPickupCode(), createdAt: ago(20), status: 'returned', returnedAt: ago(10), returnedById: loggedById, returnReason: 'Nadie lo retiró en 10 días' },
  ]);
  await trx('vehicles').insert([
    { propertyId: tower, unitId: towerUnit, plate: 'A123456', make: 'Toyota', model: 'RAV4', colour: 'Blanco', parkingSpot: 'S1-13', createdById: resident.id },
    { propertyId: tower, unitId: neighbour, plate: 'G012345', make: 'Honda', model: 'Civic', colour: 'Gris', parkingSpot: 'S1-14', createdById: admin.id },
  ]);
  const soon = new Date(Date.now() + 12 * DAY).toISOString().slice(0, 10);
  await trx('pets').insert([
    { propertyId: tower, unitId: towerUnit, name: 'Canelo', species: 'dog', breed: 'Sato', recordExpiresOn: soon, createdById: resident.id },
    { propertyId: tower, unitId: neighbour, name: 'Mishi', species: 'cat', recordExpiresOn: '2027-08-31', createdById: admin.id },
  ]);
}
