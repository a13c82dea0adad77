import { PASSWORD } from '../../support/factories';
import { TINY_PNG } from '../isolation/world';
import type { InputCase } from './types';

const NOT_A_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Sign-in, registration, password links, the own account and unsubscribe links. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/login',
    as: 'anonymous',
    request: (tenant) => ({ path: '/api/login', body: { username: tenant.resident.username, password: PASSWORD } }),
  },
  {
    route: 'POST /api/register',
    as: 'anonymous',
    request: (tenant) => ({
      path: '/api/register',
      body: {
        name: 'Nueva',
        lastName: 'Vecina',
        username: `vecina-${tenant.unit.unitNumber.toLowerCase()}@vecindad.test`,
        phone: '809-555-0000',
        country: 'DO',
        city: 'DO-santo-domingo',
        password: 'secreto1',
        acceptedTerms: true,
        propertyReference: 'Torre del Mar',
        identificationNumber: '001-0000000-1',
        companyName: 'Ferretería Lora',
        position: 'Gerente',
      },
    }),
  },
  { route: 'POST /api/logout', noText: 'Takes no body and no query.' },
  {
    route: 'POST /api/password/forgot',
    as: 'anonymous',
    request: (tenant) => ({ path: '/api/password/forgot', body: { username: tenant.resident.username } }),
  },
  { route: 'POST /api/password/token', as: 'anonymous', request: () => ({ path: '/api/password/token', body: { token: NOT_A_TOKEN } }), expect: 410 },
  {
    route: 'POST /api/password/reset',
    as: 'anonymous',
    request: () => ({ path: '/api/password/reset', body: { token: NOT_A_TOKEN, password: 'una-clave-nueva' } }),
    expect: 410,
  },
  {
    route: 'POST /api/unsubscribe/check',
    as: 'anonymous',
    request: (tenant) => ({ path: '/api/unsubscribe/check', body: { token: `${tenant.resident.id}.messages.${NOT_A_TOKEN}` } }),
    expect: 410,
  },
  {
    route: 'POST /api/unsubscribe',
    as: 'anonymous',
    request: (tenant) => ({ path: '/api/unsubscribe', body: { token: `${tenant.resident.id}.messages.${NOT_A_TOKEN}` } }),
    expect: 410,
  },
  {
    route: 'PUT /api/user/profile',
    as: 'resident',
    request: () => ({
      path: '/api/user/profile',
      body: { name: 'Ana', lastName: 'Pérez', email: 'ana@example.com', phone: '+1 809 555 1234', country: 'DO', city: 'DO-santiago', propertyRef: 'Torre del Mar' },
    }),
  },
  {
    route: 'PUT /api/user/password',
    as: 'resident',
    request: () => ({ path: '/api/user/password', body: { currentPassword: PASSWORD, newPassword: 'otra-clave-123' } }),
  },
  {
    route: 'PUT /api/user/preferences',
    as: 'resident',
    request: () => ({ path: '/api/user/preferences', body: { language: 'en', notifications: { email: false }, privacy: { cookies: false } } }),
  },
  {
    route: 'PUT /api/user/avatar',
    as: 'resident',
    request: () => ({ path: '/api/user/avatar', body: { fileType: 'image/png', content: TINY_PNG } }),
  },
  { route: 'DELETE /api/user/avatar', noText: 'Takes no body and no query.' },
  { route: 'DELETE /api/user', as: 'resident', request: () => ({ path: '/api/user', body: { password: PASSWORD } }) },
];
