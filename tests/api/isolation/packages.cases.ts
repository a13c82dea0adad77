import { db } from '../../../server/db';
import { createPackage, createStaff, createVisitorPass } from '../../support/factories';
import type { IsolationCase, World } from './types';
import { TINY_PNG } from './world';

/** The other organization's desk work: a package with a photo and a signature, a vehicle, a pet with its record, a pass with a plate. */
async function otherDesk(world: World) {
  const { other } = world;
  const png = Buffer.from(TINY_PNG, 'base64');
  const pkg = await createPackage({ propertyId: other.property.id, unitId: other.unit.id, tracking: `RASTREO-${other.organization.name}`, notes: `Nota ajena ${other.property.name}`, photo: png, photoType: 'image/png', signature: png });
  const [vehicle] = await db()('vehicles').insert({ propertyId: other.property.id, unitId: other.unit.id, plate: 'Z999111', make: `Marca ajena ${other.organization.name}` }).returning('id');
  const [pet] = await db()('pets')
    .insert({ propertyId: other.property.id, unitId: other.unit.id, name: `Mascota ajena ${other.organization.name}`, species: 'dog', record: png, recordType: 'image/png', recordExpiresOn: '2000-01-01' })
    .returning('id');
  await createVisitorPass({ propertyId: other.property.id, unitId: other.unit.id, hostId: other.resident.id, name: `Visita ajena ${other.organization.name}`, vehiclePlate: 'Z999222' });
  return { pkg, vehicleId: vehicle.id as number, petId: pet.id as number };
}

const secrets = () => ['RASTREO-', 'Nota ajena', 'Marca ajena', 'Mascota ajena', 'Visita ajena', 'Z999'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
const everyRole = (route: string, request: IsolationCase['request'], rest: Partial<IsolationCase> = {}): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, mustNotContain: secrets, ...rest }));
const ownGuard = async (world: World) => createStaff({ propertyId: world.own.property.id, userId: world.own.supplier.id, service: 'security' });
const withGuard = (request: IsolationCase['request']): IsolationCase['request'] => async (world) => {
  await ownGuard(world);
  return request(world);
};

export const cases: IsolationCase[] = [
  ...everyRole('GET /api/packages', withGuard(async (world) => {
    await otherDesk(world);
    return { path: `/api/packages?propertyId=${world.other.property.id}` };
  }), { expect: 200 }),
  {
    route: 'GET /api/packages/export.csv',
    request: async (world) => {
      await otherDesk(world);
      return { path: `/api/packages/export.csv?propertyId=${world.other.property.id}` };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  {
    route: 'GET /api/packages/settings',
    request: async (world) => {
      await db()('organizations').where({ id: world.other.organization.id }).update({ settings: db().raw(`settings || '{"packages":{"reminderDays":17}}'::jsonb`) });
      return { path: '/api/packages/settings' };
    },
    expect: 200,
    mustNotContain: () => ['"reminderDays":17'],
  },
  { route: 'PUT /api/packages/settings', request: () => ({ path: '/api/packages/settings', body: { reminderDays: 5 } }), expect: 200 },
  ...(['admin', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'POST /api/packages',
      as,
      request: withGuard((world) => ({ path: '/api/packages', body: { propertyId: world.other.property.id, unitId: world.other.unit.id, carrier: 'dhl' } })),
    }),
  ),
  // The desk's unit search: a guard or an administrator asking for another organization's property gets 404; owners and residents work no desk.
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/packages/units',
      as,
      request: withGuard(async (world) => {
        await otherDesk(world);
        return { path: `/api/packages/units?propertyId=${world.other.property.id}` };
      }),
      mustNotContain: secrets,
      ...(as === 'owner' || as === 'resident' ? { expect: 403 } : {}),
    }),
  ),
  ...everyRole('GET /api/packages/:id', async (world) => ({ path: `/api/packages/${(await otherDesk(world)).pkg.id}` })),
  ...everyRole('GET /api/packages/:id/photo', async (world) => ({ path: `/api/packages/${(await otherDesk(world)).pkg.id}/photo` })),
  ...everyRole('GET /api/packages/:id/signature', async (world) => ({ path: `/api/packages/${(await otherDesk(world)).pkg.id}/signature` })),
  ...everyRole('POST /api/packages/:id/pickup', withGuard(async (world) => {
    const { pkg } = await otherDesk(world);
    return { path: `/api/packages/${pkg.id}/pickup`, body: { code: pkg.pickupCode, pickedUpBy: { name: 'X', idNumber: '1' } } };
  })),
  ...everyRole('POST /api/packages/:id/return', withGuard(async (world) => ({ path: `/api/packages/${(await otherDesk(world)).pkg.id}/return`, body: { reason: 'x' } }))),
  ...everyRole('GET /api/units/:id/vehicles', withGuard(async (world) => {
    await otherDesk(world);
    return { path: `/api/units/${world.other.unit.id}/vehicles` };
  })),
  ...everyRole('POST /api/units/:id/vehicles', (world) => ({ path: `/api/units/${world.other.unit.id}/vehicles`, body: { plate: 'A111111' } })),
  ...everyRole('PATCH /api/vehicles/:id', async (world) => ({ path: `/api/vehicles/${(await otherDesk(world)).vehicleId}`, body: { colour: 'Rojo' } })),
  ...everyRole('DELETE /api/vehicles/:id', async (world) => ({ path: `/api/vehicles/${(await otherDesk(world)).vehicleId}` })),
  ...(['admin', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/desk/vehicles',
      as,
      request: withGuard(async (world) => {
        await otherDesk(world);
        return { path: `/api/desk/vehicles?propertyId=${world.other.property.id}&plate=Z999` };
      }),
      mustNotContain: secrets,
    }),
  ),
  {
    route: 'GET /api/pets/expiring',
    request: async (world) => {
      await otherDesk(world);
      return { path: `/api/pets/expiring?propertyId=${world.other.property.id}` };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  ...everyRole('GET /api/units/:id/pets', async (world) => {
    await otherDesk(world);
    return { path: `/api/units/${world.other.unit.id}/pets` };
  }),
  ...everyRole('POST /api/units/:id/pets', (world) => ({ path: `/api/units/${world.other.unit.id}/pets`, body: { name: 'Firulais', species: 'dog' } })),
  ...everyRole('PATCH /api/pets/:id', async (world) => ({ path: `/api/pets/${(await otherDesk(world)).petId}`, body: { name: 'Otro' } })),
  ...everyRole('DELETE /api/pets/:id', async (world) => ({ path: `/api/pets/${(await otherDesk(world)).petId}` })),
  ...everyRole('GET /api/pets/:id/record', async (world) => ({ path: `/api/pets/${(await otherDesk(world)).petId}/record` })),
];
