import type { IsolationCase } from './types';

// Settings always concern the caller's own organization; ids of `other` in the body are ignored.
export const cases: IsolationCase[] = [
  { route: 'GET /api/settings/branding', request: () => ({ path: '/api/settings/branding' }), expect: 200 },
  { route: 'GET /api/settings/branding', as: 'resident', request: () => ({ path: '/api/settings/branding' }), expect: 200 },
  { route: 'GET /api/settings', request: () => ({ path: '/api/settings' }), expect: 200 },
  { route: 'GET /api/settings', as: 'owner', request: () => ({ path: '/api/settings' }), expect: 403 },
  {
    route: 'PUT /api/settings',
    request: (world) => ({
      path: '/api/settings',
      body: { organizationId: world.other.organization.id, id: world.other.organization.id, appName: 'Solo la propia' },
    }),
    expect: 200,
  },
  { route: 'PUT /api/settings', as: 'resident', request: () => ({ path: '/api/settings', body: { appName: 'Intruso' } }), expect: 403 },
];
