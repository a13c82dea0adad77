import { createStaff, createVisitorPass } from '../../support/factories';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

const passOf = async (tenant: Tenant, overrides: Record<string, unknown> = {}) =>
  createVisitorPass({ propertyId: tenant.property.id, unitId: tenant.unit.id, hostId: tenant.resident.id, ...overrides });
const guard = (tenant: Tenant) => createStaff({ propertyId: tenant.property.id, userId: tenant.supplier.id, service: 'security' });
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

/** Visitors: passes, the desk, walk-ins, do-not-admit and retention. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/visitors',
    as: 'resident',
    request: (tenant) => ({
      path: '/api/visitors',
      body: {
        propertyId: tenant.property.id,
        unitId: tenant.unit.id,
        name: 'Rosa Niñera',
        email: 'rosa@correo.do',
        phone: '809-555-0101',
        purpose: 'Cuidar a los niños',
        visitType: 'service',
        expectedArrival: inHours(1),
        expectedDeparture: inHours(9),
        recurrence: { until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), weekdays: [1, 2, 3, 4, 5] },
        vehiclePlate: 'A123456',
        notes: 'Llega en motoconcho.',
      },
    }),
  },
  {
    route: 'PATCH /api/visitors/:id',
    as: 'resident',
    request: async (tenant) => ({ path: `/api/visitors/${(await passOf(tenant)).id}`, body: { name: 'Laura S.', purpose: 'Cumpleaños', notes: 'Trae un bizcocho.', vehiclePlate: 'B1' } }),
  },
  {
    route: 'PATCH /api/visitors/:id',
    as: 'resident',
    request: async (tenant) => ({ path: `/api/visitors/${(await passOf(tenant)).id}`, body: { status: 'cancelled', cancelledReason: 'Ya no viene' } }),
  },
  {
    route: 'PATCH /api/visitors/:id',
    as: 'resident',
    request: async (tenant) => ({
      path: `/api/visitors/${(await passOf(tenant)).id}`,
      body: { expectedArrival: inHours(2), expectedDeparture: inHours(5), recurrence: { until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), weekdays: [6, 7] } },
    }),
  },
  { route: 'POST /api/visitors/:id/check-in', noText: 'Takes no body: the pass is in the path.' },
  { route: 'POST /api/visitors/:id/check-out', noText: 'Takes no body: the pass is in the path.' },
  { route: 'POST /api/visitors/:id/decision', noText: 'Its body is one boolean (allow).' },
  { route: 'PUT /api/visitors/settings', noText: 'Retention days: a number only.' },
  { route: 'DELETE /api/visitors/do-not-admit/:id', noText: 'Takes no body and no query.' },
  {
    route: 'POST /api/visitors/do-not-admit',
    as: 'resident',
    request: (tenant) => ({ path: '/api/visitors/do-not-admit', body: { propertyId: tenant.property.id, unitId: tenant.unit.id, name: 'Carlos Ex', reason: 'Orden judicial' } }),
  },
  {
    route: 'POST /api/desk/lookup',
    as: 'supplier',
    request: async (tenant) => {
      await guard(tenant);
      return { path: '/api/desk/lookup', body: { propertyId: tenant.property.id, code: (await passOf(tenant)).accessCode } };
    },
  },
  {
    route: 'POST /api/desk/walk-ins',
    as: 'supplier',
    request: async (tenant) => {
      await guard(tenant);
      return { path: '/api/desk/walk-ins', body: { propertyId: tenant.property.id, unitId: tenant.unit.id, name: 'Pedro Mensajero', visitType: 'delivery', phone: '809-555-0102', vehiclePlate: 'K123', purpose: 'Entrega de paquete' } };
    },
  },
  {
    route: 'GET /api/visitors',
    request: (tenant) => ({ path: `/api/visitors?propertyId=${tenant.property.id}&q=Laura&tab=upcoming&status=scheduled&visitType=guest&from=2026-01-01&to=2027-01-01` }),
  },
  {
    route: 'GET /api/visitors/export.csv',
    request: (tenant) => ({ path: `/api/visitors/export.csv?propertyId=${tenant.property.id}&q=Laura&tab=all&from=2026-01-01&to=2027-01-01` }),
  },
  {
    route: 'GET /api/desk/today',
    request: (tenant) => ({ path: `/api/desk/today?propertyId=${tenant.property.id}` }),
  },
];

