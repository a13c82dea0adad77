import { createDocument, samplePdf, unique } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** A document of the other organization, readable by all of its users, with a telling title. */
const otherDocument = (world: World) =>
  createDocument({
    organizationId: world.other.organization.id,
    title: `Documento ajeno ${world.other.organization.name}`,
    access: 'public',
    propertyId: world.other.property.id,
    uploadedById: world.other.admin.id,
  });

const upload = (overrides: Record<string, unknown>) => ({
  title: unique('Documento'),
  category: 'regulations',
  access: 'public',
  content: samplePdf().toString('base64'),
  fileType: 'application/pdf',
  fileName: 'documento.pdf',
  ...overrides,
});

export const cases: IsolationCase[] = [
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/documents/share-candidates',
      as,
      request: () => ({ path: '/api/documents/share-candidates' }),
      expect: 200,
      mustNotContain: (world) => [world.other.admin.lastName!, world.other.owner.lastName!, world.other.resident.lastName!],
    }),
  ),
  ...(['admin', 'owner', 'resident', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/documents',
      as,
      request: async (world) => {
        await otherDocument(world);
        return { path: '/api/documents?show=all' };
      },
      expect: 200,
      mustNotContain: (world) => [`Documento ajeno ${world.other.organization.name}`],
    }),
  ),
  {
    route: 'GET /api/documents',
    request: async (world) => {
      await otherDocument(world);
      return { path: `/api/documents?q=${encodeURIComponent('Documento ajeno')}` };
    },
    expect: 200,
    mustNotContain: (world) => [`Documento ajeno ${world.other.organization.name}`],
  },
  {
    route: 'GET /api/documents/categories',
    request: async (world) => {
      await otherDocument(world);
      return { path: '/api/documents/categories' };
    },
    expect: 200,
    mustNotContain: (world) => [`Documento ajeno ${world.other.organization.name}`],
  },
  {
    route: 'GET /api/documents/:id',
    request: async (world) => ({ path: `/api/documents/${(await otherDocument(world)).id}?include=content` }),
    mustNotContain: (world) => [`Documento ajeno ${world.other.organization.name}`, samplePdf().toString('base64')],
  },
  {
    route: 'GET /api/documents/:id',
    as: 'resident',
    request: async (world) => ({ path: `/api/documents/${(await otherDocument(world)).id}` }),
  },
  {
    route: 'GET /api/documents/:id/download',
    request: async (world) => ({ path: `/api/documents/${(await otherDocument(world)).id}/download` }),
    mustNotContain: () => ['%PDF'],
  },
  {
    route: 'GET /api/documents/:id/download',
    as: 'owner',
    request: async (world) => ({ path: `/api/documents/${(await otherDocument(world)).id}/download?inline=1` }),
    mustNotContain: () => ['%PDF'],
  },
  {
    route: 'DELETE /api/documents/:id',
    request: async (world) => ({ path: `/api/documents/${(await otherDocument(world)).id}` }),
  },
  // Uploads cannot point at the other organization's property or share with its users.
  {
    route: 'POST /api/documents',
    request: (world) => ({ path: '/api/documents', body: upload({ access: 'residents', propertyId: world.other.property.id }) }),
    expect: 400,
    mustNotContain: (world) => [world.other.property.name],
  },
  {
    route: 'POST /api/documents',
    as: 'resident',
    request: (world) => ({ path: '/api/documents', body: upload({ access: 'custom', sharedWith: [world.other.resident.id] }) }),
    expect: 400,
    mustNotContain: (world) => [world.other.resident.username],
  },
];
