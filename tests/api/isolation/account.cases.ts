import { User } from '../../../server/models';
import type { IsolationCase } from './types';
import { TINY_PNG } from './world';

/** Ids of another organization's user in the body of an own-account call are ignored. */
const otherIds = (world: Parameters<IsolationCase['request']>[0]) => ({
  id: world.other.admin.id,
  userId: world.other.admin.id,
  organizationId: world.other.organization.id,
});

export const cases: IsolationCase[] = [
  {
    route: 'PUT /api/user/profile',
    request: (world) => ({
      path: '/api/user/profile',
      body: { ...otherIds(world), name: 'Ana', lastName: world.own.admin.lastName },
    }),
    expect: 200,
  },
  {
    route: 'PUT /api/user/password',
    request: (world) => ({
      path: '/api/user/password',
      body: { ...otherIds(world), currentPassword: 'no-es-la-clave', newPassword: 'otra-clave-123' },
    }),
    expect: 400,
  },
  {
    route: 'PUT /api/user/preferences',
    request: (world) => ({ path: '/api/user/preferences', body: { ...otherIds(world), language: 'en' } }),
    expect: 200,
  },
  {
    route: 'PUT /api/user/avatar',
    request: (world) => ({ path: '/api/user/avatar', body: { ...otherIds(world), fileType: 'image/png', content: TINY_PNG } }),
    expect: 200,
  },
  { route: 'DELETE /api/user/avatar', request: () => ({ path: '/api/user/avatar' }), expect: 200 },
  ...(['admin', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/users/:id/avatar',
      as,
      request: async (world) => {
        await User.query()
          .findById(world.other.owner.id)
          .patch({ avatar: Buffer.from(TINY_PNG, 'base64'), avatarType: 'image/png' });
        return { path: `/api/users/${world.other.owner.id}/avatar` };
      },
    }),
  ),
  { route: 'GET /api/user/export', request: () => ({ path: '/api/user/export' }), expect: 200 },
  { route: 'GET /api/user/export', as: 'resident', request: () => ({ path: '/api/user/export' }), expect: 200 },
  {
    route: 'DELETE /api/user',
    request: (world) => ({ path: '/api/user', body: { ...otherIds(world), password: 'no-es-la-clave' } }),
    expect: 400,
  },
];
