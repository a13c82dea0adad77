import type { IsolationCase } from './types';

export const cases: IsolationCase[] = [
  // The session's own user, never another.
  { route: 'GET /api/user', request: () => ({ path: '/api/user' }), expect: 200 },
  { route: 'GET /api/user', as: 'resident', request: () => ({ path: '/api/user' }), expect: 200 },
  // Signing in as a user of another organization still needs their password.
  {
    route: 'POST /api/login',
    request: (world) => ({ path: '/api/login', body: { username: world.other.admin.username, password: 'no-es-la-clave' } }),
    expect: 401,
  },
  // A property reference of another organization is kept as text, never linked (the link is
  // checked in registration-org.test.ts).
  {
    route: 'POST /api/register',
    request: (world) => ({
      path: '/api/register',
      body: {
        name: 'Nueva',
        lastName: 'Vecina',
        username: `vecina-${world.own.unit.unitNumber.toLowerCase()}@vecindad.test`,
        phone: '809-555-0000',
        country: 'DO',
        city: 'DO-santo-domingo',
        password: 'secreto1',
        acceptedTerms: true,
        propertyReference: String(world.other.property.id),
        organizationId: world.other.organization.id,
      },
    }),
    expect: 201,
  },
  { route: 'POST /api/logout', request: () => ({ path: '/api/logout' }), expect: 200 },
];
