import { db } from '../../../server/db';
import { createPackage, createStaff, samplePdf } from '../../support/factories';
import type { Tenant } from '../isolation/types';
import { TINY_PNG } from '../isolation/world';
import type { InputCase } from './types';

const packageOf = (tenant: Tenant) => createPackage({ propertyId: tenant.property.id, unitId: tenant.unit.id });
const vehicleOf = async (tenant: Tenant) => (await db()('vehicles').insert({ propertyId: tenant.property.id, unitId: tenant.unit.id, plate: 'A123456' }).returning('id'))[0].id as number;
const petOf = async (tenant: Tenant) => (await db()('pets').insert({ propertyId: tenant.property.id, unitId: tenant.unit.id, name: 'Canelo', species: 'dog' }).returning('id'))[0].id as number;
const guard = (tenant: Tenant) => createStaff({ propertyId: tenant.property.id, userId: tenant.supplier.id, service: 'security' });

/** Packages, vehicles and pets: the desk's log, pickups and returns, the units' registries. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/packages',
    as: 'supplier',
    request: async (tenant) => {
      await guard(tenant);
      return {
        path: '/api/packages',
        body: { propertyId: tenant.property.id, unitId: tenant.unit.id, carrier: 'dhl', tracking: 'JD0146000012345', size: 'small', shelf: 'B-3', notes: 'Frágil', photo: { fileType: 'image/png', fileName: 'caja.png', content: TINY_PNG } },
      };
    },
  },
  {
    route: 'POST /api/packages/:id/pickup',
    request: async (tenant) => {
      const pkg = await packageOf(tenant);
      return { path: `/api/packages/${pkg.id}/pickup`, body: { code: pkg.pickupCode, pickedUpBy: { name: 'Pedro Mensajero', idNumber: '001-1234567-8' }, signature: { fileType: 'image/png', fileName: 'firma.png', content: TINY_PNG } } };
    },
  },
  { route: 'POST /api/packages/:id/return', request: async (tenant) => ({ path: `/api/packages/${(await packageOf(tenant)).id}/return`, body: { reason: 'Dirección equivocada' } }) },
  { route: 'PUT /api/packages/settings', noText: 'Reminder days: a number only.' },
  { route: 'GET /api/packages', request: (tenant) => ({ path: `/api/packages?propertyId=${tenant.property.id}&status=waiting&carrier=dhl&q=JD01&from=2026-01-01&to=2026-12-31` }) },
  { route: 'GET /api/packages/export.csv', request: (tenant) => ({ path: `/api/packages/export.csv?propertyId=${tenant.property.id}&status=picked_up&q=JD01` }) },
  { route: 'POST /api/units/:id/vehicles', as: 'resident', request: (tenant) => ({ path: `/api/units/${tenant.unit.id}/vehicles`, body: { plate: 'G012345', make: 'Toyota', model: 'Corolla', colour: 'Gris', parkingSpot: 'P-12' } }) },
  { route: 'PATCH /api/vehicles/:id', as: 'resident', request: async (tenant) => ({ path: `/api/vehicles/${await vehicleOf(tenant)}`, body: { plate: 'A654321', make: 'Honda', model: 'Civic', colour: 'Rojo', parkingSpot: 'P-1' } }) },
  { route: 'DELETE /api/vehicles/:id', noText: 'Takes no body: the vehicle is in the path.' },
  { route: 'GET /api/desk/vehicles', request: (tenant) => ({ path: `/api/desk/vehicles?propertyId=${tenant.property.id}&plate=A12` }) },
  {
    route: 'POST /api/units/:id/pets',
    as: 'resident',
    request: (tenant) => ({
      path: `/api/units/${tenant.unit.id}/pets`,
      body: { name: 'Canelo', species: 'dog', breed: 'Sato', recordExpiresOn: '2027-06-30', record: { fileType: 'application/pdf', fileName: 'vacunas.pdf', content: samplePdf().toString('base64') } },
    }),
  },
  { route: 'PATCH /api/pets/:id', as: 'resident', request: async (tenant) => ({ path: `/api/pets/${await petOf(tenant)}`, body: { name: 'Canela', breed: 'Sata', recordExpiresOn: '2027-01-01' } }) },
  { route: 'DELETE /api/pets/:id', noText: 'Takes no body: the pet is in the path.' },
  { route: 'GET /api/pets/expiring', request: (tenant) => ({ path: `/api/pets/expiring?propertyId=${tenant.property.id}&days=30` }) },
];
