import type { IsolationCase } from './types';

// `own` is a master organization: its administrator manages organizations, yet never `other`.
export const cases: IsolationCase[] = [
  { route: 'GET /api/organizations', request: () => ({ path: '/api/organizations' }), expect: 200 },
  { route: 'GET /api/organizations', as: 'resident', request: () => ({ path: '/api/organizations' }), expect: 403 },
  {
    route: 'POST /api/organizations',
    request: (world) => ({ path: '/api/organizations', body: { name: 'Colgada de otra', parentId: world.other.organization.id } }),
    expect: 400,
  },
  {
    route: 'POST /api/organizations',
    as: 'owner',
    request: () => ({ path: '/api/organizations', body: { name: 'Sin permiso' } }),
    expect: 403,
  },
  {
    route: 'PUT /api/organizations/:id',
    request: (world) => ({ path: `/api/organizations/${world.other.organization.id}`, body: { name: 'Tomada' } }),
  },
  {
    route: 'PUT /api/organizations/:id',
    request: (world) => ({
      path: `/api/organizations/${world.own.organization.id}`,
      body: { name: 'Propia', parentId: world.other.organization.id },
    }),
    expect: 403,
  },
  {
    route: 'DELETE /api/organizations/:id',
    request: (world) => ({ path: `/api/organizations/${world.other.organization.id}` }),
  },
  {
    route: 'DELETE /api/organizations/:id',
    as: 'supplier',
    request: (world) => ({ path: `/api/organizations/${world.other.organization.id}` }),
    expect: 403,
  },
];
