import { createBroadcast } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** An active broadcast of the other organization's property, with a telling title and message. */
const otherBroadcast = (world: World) =>
  createBroadcast({
    propertyId: world.other.property.id,
    title: `Aviso ajeno ${world.other.organization.name}`,
    message: `Mensaje ajeno para ${world.other.property.name}`,
  });

const secrets = (world: World) => [`Aviso ajeno ${world.other.organization.name}`, `Mensaje ajeno para`];

const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;

const intruder = { title: 'Aviso intruso', message: 'Este aviso no debería publicarse nunca' };

export const cases: IsolationCase[] = [
  // Every role of `own`, aiming the list at the other organization's property.
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/broadcasts',
      as,
      request: async (world) => {
        await otherBroadcast(world);
        return { path: `/api/broadcasts?propertyId=${world.other.property.id}` };
      },
      mustNotContain: secrets,
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'POST /api/properties/:propertyId/broadcasts',
      as,
      request: (world) => ({
        path: `/api/properties/${world.other.property.id}/broadcasts`,
        body: { title: 'Aviso intruso', message: 'Este aviso no debería publicarse nunca' },
      }),
    }),
  ),
  // Aimed at the other organization's property alone, or beside one of the caller's own: nothing is sent.
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'POST /api/broadcasts',
      as,
      request: (world) => ({ path: '/api/broadcasts', body: { propertyIds: [world.other.property.id], ...intruder } }),
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'POST /api/broadcasts',
      as,
      request: (world) => ({ path: '/api/broadcasts', body: { propertyIds: [world.own.property.id, world.other.property.id], ...intruder } }),
      // An owner or resident, who may not send, hears so of their own property first.
      expect: as === 'owner' || as === 'resident' ? 403 : 404,
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/broadcasts/:id',
      as,
      request: async (world) => ({ path: `/api/broadcasts/${(await otherBroadcast(world)).id}` }),
      mustNotContain: secrets,
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'PATCH /api/broadcasts/:id',
      as,
      request: async (world) => ({
        path: `/api/broadcasts/${(await otherBroadcast(world)).id}`,
        body: { title: 'Cambiado por un intruso' },
      }),
      mustNotContain: secrets,
    }),
  ),
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'DELETE /api/broadcasts/:id',
      as,
      request: async (world) => ({ path: `/api/broadcasts/${(await otherBroadcast(world)).id}` }),
    }),
  ),
];
