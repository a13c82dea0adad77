import type { IsolationCase } from './types';
import { TINY_PNG } from './world';

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
  // The logo is always the caller's organization's; a resident may not change it.
  {
    route: 'PUT /api/settings/logo',
    request: (world) => ({ path: '/api/settings/logo', body: { organizationId: world.other.organization.id, fileName: 'logo.png', fileType: 'image/png', content: TINY_PNG } }),
    expect: 200,
  },
  { route: 'PUT /api/settings/logo', as: 'resident', request: () => ({ path: '/api/settings/logo', body: { fileName: 'logo.png', fileType: 'image/png', content: TINY_PNG } }), expect: 403 },
  { route: 'DELETE /api/settings/logo', as: 'owner', request: () => ({ path: '/api/settings/logo' }), expect: 403 },
  {
    route: 'GET /api/logos/:key',
    notApplicable: 'Public by design: a logo is shown on the sign-in page and in emails; its address is a random key per upload, not an id to walk.',
    request: () => ({ path: '/api/logos/00000000000000000000000000000000' }),
  },
];
