import { db } from '../../../server/db';
import { createUser } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** A pending request of someone who registered with the other organization, for its property. */
async function otherRequest(world: World) {
  const applicant = await createUser({
    role: 'Residente',
    organizationId: world.other.organization.id,
    lastName: `solicitante-${world.other.unit.unitNumber}`,
  });
  const [{ id }] = await db()('join_requests')
    .insert({ organizationId: world.other.organization.id, userId: applicant.id, propertyId: world.other.property.id })
    .returning('id');
  return { id: id as number, applicant };
}

const applicantTexts = (world: World) => [`solicitante-${world.other.unit.unitNumber}`];

export const cases: IsolationCase[] = [
  // The queue lists only the organizations the administrator reaches.
  {
    route: 'GET /api/join-requests',
    request: async (world) => {
      await otherRequest(world);
      return { path: '/api/join-requests' };
    },
    expect: 200,
    mustNotContain: applicantTexts,
  },
  {
    route: 'POST /api/join-requests/:id/approve',
    request: async (world) => ({
      path: `/api/join-requests/${(await otherRequest(world)).id}/approve`,
      body: { propertyId: world.other.property.id, unit: world.other.unit.unitNumber },
    }),
    mustNotContain: applicantTexts,
  },
  // Aimed at a property of the other organization, an own request is approved nowhere.
  {
    route: 'POST /api/join-requests/:id/approve',
    request: async (world) => {
      const applicant = await createUser({ role: 'Residente', organizationId: world.own.organization.id });
      const [{ id }] = await db()('join_requests').insert({ organizationId: world.own.organization.id, userId: applicant.id }).returning('id');
      return { path: `/api/join-requests/${id}/approve`, body: { propertyId: world.other.property.id, unit: 'X-1', createUnit: true } };
    },
  },
  {
    route: 'POST /api/join-requests/:id/decline',
    request: async (world) => ({ path: `/api/join-requests/${(await otherRequest(world)).id}/decline` }),
    mustNotContain: applicantTexts,
  },
  // The caller's own request, never another's.
  { route: 'GET /api/user/join-request', as: 'resident', request: () => ({ path: '/api/user/join-request' }), expect: 200 },
  // A member has nothing to ask; a reference to the other organization's property is never linked.
  {
    route: 'POST /api/user/join-request',
    as: 'resident',
    request: (world) => ({ path: '/api/user/join-request', body: { propertyReference: String(world.other.property.id) } }),
    expect: 409,
  },
];
