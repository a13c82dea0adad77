import type { IsolationCase } from './types';

/**
 * The web app manifest is public (the browser asks before anyone signs in) and carries the
 * branding of the organization the request is for: a signed-in user gets their own
 * organization's, never another's (the suite checks every text of `other`, its app name too).
 */
export const cases: IsolationCase[] = [
  { route: 'GET /api/manifest.webmanifest', request: () => ({ path: '/api/manifest.webmanifest' }), expect: 200 },
  { route: 'GET /api/manifest.webmanifest', as: 'resident', request: () => ({ path: '/api/manifest.webmanifest' }), expect: 200 },
];
