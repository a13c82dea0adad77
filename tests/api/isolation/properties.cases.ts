import { Resident } from '../../../server/models';
import { createAmenity } from '../../support/factories';
import type { IsolationCase, World } from './types';
import { TINY_PNG } from './world';

/**
 * Properties, units, residents, property users and the amenity catalogue: a user of `own`
 * aiming at `other`'s property, units, residents, users and amenities gets 404 (lists: 200
 * without them), whatever their role.
 */

const otherResident = async (world: World) => (await Resident.query().findOne({ userId: world.other.resident.id }))!;

const amenityName = (world: World) => `Amenidad ajena ${world.other.organization.name}`;
const otherAmenity = (world: World) => createAmenity({ propertyId: world.other.property.id, name: amenityName(world) });

const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;

const residentForm = (username: string) => ({
  name: 'Intruso',
  lastName: 'Ajeno',
  username,
  unit: '999',
  status: 'active',
});

export const cases: IsolationCase[] = [
  // Properties.
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/properties',
      as,
      request: () => ({ path: '/api/properties' }),
      expect: 200,
    }),
  ),
  {
    route: 'GET /api/properties',
    request: (world) => ({ path: `/api/properties?q=${encodeURIComponent(world.other.property.name)}&limit=10` }),
    expect: 200,
  },
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/properties/:id',
      as,
      request: (world) => ({ path: `/api/properties/${world.other.property.id}` }),
    }),
  ),
  {
    route: 'POST /api/properties',
    request: (world) => ({
      path: '/api/properties',
      body: { name: 'Intrusa', address: 'Calle 1', country: 'DO', city: 'DO-santiago', organizationId: world.other.organization.id },
    }),
    expect: 400,
  },
  {
    route: 'PATCH /api/properties/:id',
    request: (world) => ({ path: `/api/properties/${world.other.property.id}`, body: { name: 'Tomada' } }),
  },
  {
    route: 'DELETE /api/properties/:id',
    request: (world) => ({ path: `/api/properties/${world.other.property.id}` }),
  },
  {
    route: 'GET /api/properties/:id/image',
    request: async (world) => {
      await world.other.property.$query().patch({ image: Buffer.from(TINY_PNG, 'base64'), imageType: 'image/png' });
      return { path: `/api/properties/${world.other.property.id}/image` };
    },
    mustNotContain: () => ['PNG'],
  },
  {
    route: 'PUT /api/properties/:id/image',
    request: (world) => ({ path: `/api/properties/${world.other.property.id}/image`, body: { fileType: 'image/png', content: TINY_PNG } }),
  },
  {
    route: 'DELETE /api/properties/:id/image',
    request: (world) => ({ path: `/api/properties/${world.other.property.id}/image` }),
  },

  // Units.
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/properties/:id/units',
      as,
      request: (world) => ({ path: `/api/properties/${world.other.property.id}/units` }),
    }),
  ),
  {
    route: 'POST /api/properties/:id/units',
    request: (world) => ({ path: `/api/properties/${world.other.property.id}/units`, body: { unitNumber: 'Intrusa' } }),
  },
  ...(['admin', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/units/:id',
      as,
      request: (world) => ({ path: `/api/units/${world.other.unit.id}` }),
    }),
  ),
  {
    route: 'PATCH /api/units/:id',
    request: (world) => ({ path: `/api/units/${world.other.unit.id}`, body: { floor: 3 } }),
  },
  {
    route: 'DELETE /api/units/:id',
    request: (world) => ({ path: `/api/units/${world.other.unit.id}` }),
  },

  // Residents of a property.
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/properties/:id/residents',
      as,
      request: (world) => ({ path: `/api/properties/${world.other.property.id}/residents` }),
    }),
  ),
  {
    route: 'POST /api/properties/:id/residents',
    request: (world) => ({
      path: `/api/properties/${world.other.property.id}/residents`,
      body: residentForm(`intruso-${world.own.organization.id}@vecindad.test`),
    }),
  },
  {
    // The email of another organization's user cannot be linked to one's own property.
    route: 'POST /api/properties/:id/residents',
    request: (world) => ({
      path: `/api/properties/${world.own.property.id}/residents`,
      body: residentForm(world.other.resident.username),
    }),
    expect: 409,
  },
  {
    route: 'PATCH /api/properties/:id/residents/:residentId',
    request: async (world) => ({
      path: `/api/properties/${world.other.property.id}/residents/${(await otherResident(world)).id}`,
      body: { name: 'Tomado', unit: '1' },
    }),
  },
  {
    // Another organization's resident through one's own property.
    route: 'PATCH /api/properties/:id/residents/:residentId',
    request: async (world) => ({
      path: `/api/properties/${world.own.property.id}/residents/${(await otherResident(world)).id}`,
      body: { name: 'Tomado', unit: '1' },
    }),
  },
  {
    route: 'POST /api/properties/:id/residents/:residentId/deactivate',
    request: async (world) => ({
      path: `/api/properties/${world.other.property.id}/residents/${(await otherResident(world)).id}/deactivate`,
    }),
  },
  {
    route: 'POST /api/properties/:id/residents/:residentId/deactivate',
    request: async (world) => ({
      path: `/api/properties/${world.own.property.id}/residents/${(await otherResident(world)).id}/deactivate`,
    }),
  },

  // Residents directory.
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/residents',
      as,
      request: () => ({ path: '/api/residents' }),
      expect: 200,
    }),
  ),
  {
    route: 'GET /api/residents',
    request: (world) => ({ path: `/api/residents?q=${encodeURIComponent(world.other.resident.lastName!)}&propertyId=${world.other.property.id}` }),
    expect: 200,
  },
  {
    route: 'GET /api/residents/export',
    request: () => ({ path: '/api/residents/export' }),
    expect: 200,
  },
  {
    route: 'GET /api/residents/:id',
    request: async (world) => ({ path: `/api/residents/${(await otherResident(world)).id}` }),
  },
  {
    route: 'GET /api/residents/:id',
    as: 'resident',
    request: async (world) => ({ path: `/api/residents/${(await otherResident(world)).id}` }),
  },
  {
    route: 'POST /api/residents/:id/messages',
    request: async (world) => ({
      path: `/api/residents/${(await otherResident(world)).id}/messages`,
      body: { title: 'Hola', message: 'Mensaje para otra organización' },
    }),
  },

  // Property users and password reset.
  {
    route: 'GET /api/properties/:id/users',
    request: (world) => ({ path: `/api/properties/${world.other.property.id}/users` }),
  },
  {
    route: 'POST /api/users/:id/reset-password',
    request: (world) => ({ path: `/api/users/${world.other.resident.id}/reset-password` }),
    mustNotContain: () => ['tempPassword'],
  },
  {
    route: 'POST /api/users/:id/reset-password',
    request: (world) => ({ path: `/api/users/${world.other.admin.id}/reset-password` }),
    mustNotContain: () => ['tempPassword'],
  },
  {
    route: 'GET /api/users',
    request: () => ({ path: '/api/users?role=Propietario' }),
    expect: 200,
    mustNotContain: (world) => [world.other.owner.username],
  },
  {
    route: 'GET /api/users',
    request: (world) => ({ path: `/api/users?organizationId=${world.other.organization.id}` }),
    expect: 200,
    mustNotContain: (world) => [world.other.admin.username],
  },

  // Amenity catalogue.
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/properties/:id/amenities',
      as,
      request: async (world) => {
        await otherAmenity(world);
        return { path: `/api/properties/${world.other.property.id}/amenities` };
      },
      mustNotContain: (world) => [amenityName(world)],
    }),
  ),
  ...(['admin', 'owner', 'resident', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/amenities',
      as,
      request: async (world) => {
        await otherAmenity(world);
        return { path: `/api/amenities?propertyId=${world.other.property.id}` };
      },
      expect: 200,
      mustNotContain: (world) => [amenityName(world)],
    }),
  ),
  {
    route: 'POST /api/amenities',
    request: (world) => ({ path: '/api/amenities', body: { name: 'Intrusa', propertyId: world.other.property.id } }),
  },
  {
    route: 'GET /api/amenities/:id',
    request: async (world) => ({ path: `/api/amenities/${(await otherAmenity(world)).id}` }),
    mustNotContain: (world) => [amenityName(world)],
  },
  {
    route: 'PATCH /api/amenities/:id',
    request: async (world) => ({ path: `/api/amenities/${(await otherAmenity(world)).id}`, body: { capacity: 1 } }),
    mustNotContain: (world) => [amenityName(world)],
  },
  {
    route: 'DELETE /api/amenities/:id',
    request: async (world) => ({ path: `/api/amenities/${(await otherAmenity(world)).id}` }),
  },
];
