import type { IsolationCase } from './types';

/**
 * The web app manifest is public (the browser asks before anyone signs in) and carries the
 * branding of the organization the request is for: a signed-in user gets their own
 * organization's, never another's (the suite checks every text of `other`, its app name too).
 */
export const cases: IsolationCase[] = [
  { route: 'GET /api/manifest.webmanifest', request: () => ({ path: '/api/manifest.webmanifest' }), expect: 200 },
  { route: 'GET /api/manifest.webmanifest', as: 'resident', request: () => ({ path: '/api/manifest.webmanifest' }), expect: 200 },
  // The icons are public too, drawn from the requester's organization's logo; only their names exist.
  { route: 'GET /api/manifest/icons/:file', request: () => ({ path: '/api/manifest/icons/192.png' }), expect: 200 },
  { route: 'GET /api/manifest/icons/:file', as: 'resident', request: () => ({ path: '/api/manifest/icons/maskable-512.png' }), expect: 200 },
  { route: 'GET /api/manifest/icons/:file', as: 'resident', request: () => ({ path: '/api/manifest/icons/64.png' }), expect: 404 },
];
