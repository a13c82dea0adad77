import { createMaintenanceRequest } from '../../support/factories';
import { TINY_PNG } from '../isolation/world';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** A pending request of the tenant's resident for their unit. */
const pendingRequest = async (tenant: Tenant) =>
  (await createMaintenanceRequest({ propertyId: tenant.property.id, unitId: tenant.unit.id, requestedById: tenant.resident.id })).id;

/** Maintenance: requests, their updates, photos and ratings, deadlines, and property staff. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/maintenance',
    request: (tenant) => ({
      path: '/api/maintenance',
      body: { propertyId: tenant.property.id, unitId: tenant.unit.id, title: 'Fuga en el baño', description: 'Gotea debajo del lavamanos.', priority: 'high' },
    }),
  },
  {
    route: 'PATCH /api/maintenance/:id',
    request: async (tenant) => ({ path: `/api/maintenance/${await pendingRequest(tenant)}`, body: { priority: 'high', reason: 'Afecta al vecino de abajo' } }),
  },
  {
    route: 'PATCH /api/maintenance/:id',
    request: async (tenant) => ({ path: `/api/maintenance/${await pendingRequest(tenant)}`, body: { scheduledDate: new Date(Date.now() + 2 * 86_400_000).toISOString() } }),
  },
  {
    route: 'POST /api/maintenance/:id/updates',
    request: async (tenant) => ({ path: `/api/maintenance/${await pendingRequest(tenant)}/updates`, body: { content: 'Pedimos la pieza.', visibility: 'internal' } }),
  },
  {
    route: 'POST /api/maintenance/:id/photos',
    request: async (tenant) => ({
      path: `/api/maintenance/${await pendingRequest(tenant)}/photos`,
      body: { fileName: 'fuga.png', fileType: 'image/png', content: TINY_PNG },
    }),
  },
  {
    route: 'POST /api/maintenance/:id/rating',
    as: 'resident',
    request: async (tenant) => {
      const done = await createMaintenanceRequest({
        propertyId: tenant.property.id,
        unitId: tenant.unit.id,
        requestedById: tenant.resident.id,
        status: 'completed',
        completedAt: new Date(),
      });
      return { path: `/api/maintenance/${done.id}/rating`, body: { score: 5, comment: 'Rápido y limpio.' } };
    },
  },
  { route: 'PUT /api/maintenance/settings', noText: 'Hours per priority: numbers only.' },
  {
    route: 'POST /api/properties/:id/staff',
    request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/staff`, body: { userId: tenant.supplier.id, service: 'maintenance' } }),
  },
  { route: 'DELETE /api/properties/:id/staff/:staffId', noText: 'Takes no body and no query.' },
];
