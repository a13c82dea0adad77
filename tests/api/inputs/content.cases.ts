import { createBroadcast, createDocument, samplePdf } from '../../support/factories';
import type { InputCase } from './types';

const broadcastForm = {
  title: 'Corte de agua programado',
  message: 'El martes no habrá agua de 8:00 a 12:00.\nGracias por su comprensión.',
  category: 'maintenance',
  status: 'active',
  startDate: '2030-01-01T08:00:00.000Z',
  endDate: '2030-01-02',
};

/** Broadcasts, documents, notifications and the email outbox. */
export const cases: InputCase[] = [
  { route: 'GET /api/broadcasts', request: (tenant) => ({ path: `/api/broadcasts?propertyId=${tenant.property.id}&onlyActive=true&limit=10` }) },
  { route: 'POST /api/properties/:propertyId/broadcasts', request: (tenant) => ({ path: `/api/properties/${tenant.property.id}/broadcasts`, body: broadcastForm }) },
  { route: 'POST /api/broadcasts', request: (tenant) => ({ path: '/api/broadcasts', body: { ...broadcastForm, propertyIds: [tenant.property.id] } }) },
  {
    route: 'PATCH /api/broadcasts/:id',
    request: async (tenant) => ({ path: `/api/broadcasts/${(await createBroadcast({ propertyId: tenant.property.id })).id}`, body: broadcastForm }),
  },
  { route: 'DELETE /api/broadcasts/:id', noText: 'Takes no body and no query.' },
  { route: 'GET /api/broadcasts/receipts', request: (tenant) => ({ path: `/api/broadcasts/receipts?propertyId=${tenant.property.id}` }) },
  { route: 'POST /api/broadcasts/:id/read', noText: 'Takes no body and no query.' },

  { route: 'GET /api/documents', request: () => ({ path: '/api/documents?q=Regla&show=mine&category=regulations&limit=10&offset=0' }) },
  { route: 'GET /api/documents/share-candidates', request: () => ({ path: '/api/documents/share-candidates?q=Ana&limit=5' }) },
  {
    route: 'POST /api/documents',
    request: (tenant) => ({
      path: '/api/documents',
      body: {
        title: 'Reglamento interno',
        category: 'regulations',
        access: 'custom',
        sharedWith: [tenant.resident.id],
        content: samplePdf().toString('base64'),
        fileType: 'application/pdf',
        fileName: 'reglamento.pdf',
        propertyId: tenant.property.id,
      },
    }),
  },
  {
    route: 'GET /api/documents/:id',
    request: async (tenant) => ({ path: `/api/documents/${(await createDocument({ organizationId: tenant.organization.id })).id}?include=content` }),
  },
  {
    route: 'GET /api/documents/:id/download',
    request: async (tenant) => ({ path: `/api/documents/${(await createDocument({ organizationId: tenant.organization.id })).id}/download?inline=1` }),
  },
  { route: 'DELETE /api/documents/:id', noText: 'Takes no body and no query.' },

  { route: 'GET /api/notifications', as: 'resident', request: () => ({ path: '/api/notifications?unread=true&limit=10&offset=0' }) },
  { route: 'PATCH /api/notifications/:id', noText: 'Its body is one boolean (`read`).' },
  { route: 'POST /api/notifications/read-all', noText: 'Takes no body and no query.' },
  { route: 'GET /api/admin/mail', request: () => ({ path: '/api/admin/mail?q=aviso&status=held&limit=10&offset=0' }) },
];
