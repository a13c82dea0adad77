import { createMaintenanceRequest, createStaff } from '../../support/factories';
import { db } from '../../../server/db';
import type { IsolationCase, World } from './types';
import { TINY_PNG } from './world';

/**
 * The other organization's work: a request of its resident, assigned to its supplier (who
 * staffs its property), with an internal note and a photo, all with telling texts.
 */
async function otherRequest(world: World) {
  const { other } = world;
  const request = await createMaintenanceRequest({
    propertyId: other.property.id,
    unitId: other.unit.id,
    requestedById: other.resident.id,
    assignedToId: other.supplier.id,
    status: 'completed',
    completedAt: new Date(),
    title: `Avería ajena ${other.organization.name}`,
    description: `Descripción ajena de ${other.property.name}`,
  });
  const [update] = await db()('maintenance_updates')
    .insert({ requestId: request.id, updatedById: other.admin.id, content: `Nota interna ajena ${other.organization.name}`, visibility: 'internal' })
    .returning('id');
  const [photo] = await db()('maintenance_photos')
    .insert({ requestId: request.id, updateId: update.id, fileType: 'image/png', sizeBytes: 68, content: Buffer.from(TINY_PNG, 'base64') })
    .returning('id');
  return { request, photoId: photo.id as number };
}

const secrets = (world: World) => [`Avería ajena ${world.other.organization.name}`, 'Descripción ajena', 'Nota interna ajena'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;

/** The same case for every role of `own`. */
const everyRole = (route: string, request: IsolationCase['request'], rest: Partial<IsolationCase> = {}): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, mustNotContain: secrets, ...rest }));

export const cases: IsolationCase[] = [
  ...everyRole(
    'GET /api/maintenance',
    async (world) => {
      await otherRequest(world);
      return { path: `/api/maintenance?propertyId=${world.other.property.id}` };
    },
    { expect: 200 },
  ),
  // The summary of a property the caller cannot read answers 404, like its rows (issue 26).
  ...everyRole(
    'GET /api/maintenance/summary',
    async (world) => {
      await otherRequest(world);
      return { path: `/api/maintenance/summary?propertyId=${world.other.property.id}` };
    },
  ),
  {
    route: 'GET /api/maintenance/export.csv',
    request: async (world) => {
      await otherRequest(world);
      return { path: `/api/maintenance/export.csv?propertyId=${world.other.property.id}` };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  {
    route: 'GET /api/maintenance/assignees',
    request: async (world) => {
      await otherRequest(world);
      return { path: `/api/maintenance/assignees?propertyId=${world.other.property.id}` };
    },
    expect: 200,
  },
  {
    route: 'GET /api/maintenance/settings',
    request: async (world) => {
      await db()('organizations').where({ id: world.other.organization.id }).update({ settings: db().raw(`settings || '{"maintenance":{"deadlineHours":{"emergency":7,"high":7,"medium":7,"low":7}}}'::jsonb`) });
      return { path: '/api/maintenance/settings' };
    },
    expect: 200,
    mustNotContain: () => ['"emergency":7'],
  },
  {
    route: 'PUT /api/maintenance/settings',
    // An administrator sets their own organization's deadlines only: the other's requests keep theirs.
    request: async (world) => {
      const { request } = await otherRequest(world);
      await db()('maintenance_requests').where({ id: request.id }).update({ status: 'pending', dueAt: new Date('2031-01-01T00:00:00Z') });
      return { path: '/api/maintenance/settings', body: { deadlineHours: { emergency: 1, high: 1, medium: 1, low: 1 } } };
    },
    expect: 200,
    mustNotContain: () => ['2031-01-01'],
  },
  ...everyRole('POST /api/maintenance', (world) => ({
    path: '/api/maintenance',
    body: { propertyId: world.other.property.id, location: 'Lobby', title: 'Intrusa', description: 'No debería crearse' },
  })).map((c) => (c.as === 'supplier' ? { ...c, expect: 403 } : c)),
  ...everyRole('GET /api/maintenance/units', (world) => ({ path: `/api/maintenance/units?propertyId=${world.other.property.id}` })).map((c) =>
    c.as === 'supplier' ? { ...c, expect: 403 } : c,
  ),
  ...everyRole('GET /api/maintenance/:id', async (world) => ({ path: `/api/maintenance/${(await otherRequest(world)).request.id}` })),
  ...everyRole('PATCH /api/maintenance/:id', async (world) => ({
    path: `/api/maintenance/${(await otherRequest(world)).request.id}`,
    body: { status: 'in-progress' },
  })),
  ...everyRole('POST /api/maintenance/:id/updates', async (world) => ({
    path: `/api/maintenance/${(await otherRequest(world)).request.id}/updates`,
    body: { content: 'Comentario intruso' },
  })),
  ...everyRole('POST /api/maintenance/:id/photos', async (world) => ({
    path: `/api/maintenance/${(await otherRequest(world)).request.id}/photos`,
    body: { fileName: 'x.png', fileType: 'image/png', content: TINY_PNG },
  })),
  ...everyRole('GET /api/maintenance/:id/photos/:photoId', async (world) => {
    const { request, photoId } = await otherRequest(world);
    return { path: `/api/maintenance/${request.id}/photos/${photoId}` };
  }),
  ...everyRole('POST /api/maintenance/:id/rating', async (world) => ({
    path: `/api/maintenance/${(await otherRequest(world)).request.id}/rating`,
    body: { score: 1 },
  })),
  ...everyRole('GET /api/properties/:id/staff', async (world) => {
    await createStaff({ propertyId: world.other.property.id, userId: world.other.supplier.id });
    return { path: `/api/properties/${world.other.property.id}/staff` };
  }),
  ...everyRole('POST /api/properties/:id/staff', (world) => ({
    path: `/api/properties/${world.other.property.id}/staff`,
    body: { userId: world.own.supplier.id, service: 'maintenance' },
  })),
  ...everyRole('DELETE /api/properties/:id/staff/:staffId', async (world) => {
    const staff = await createStaff({ propertyId: world.other.property.id, userId: world.other.supplier.id });
    return { path: `/api/properties/${world.other.property.id}/staff/${staff.id}` };
  }),
];
