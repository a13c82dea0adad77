import { db } from '../../../server/db';
import { createUser } from '../../support/factories';
import type { Tenant } from '../isolation/types';
import type { InputCase } from './types';

/** A pending join request of someone who registered with the tenant's organization. */
async function pendingRequest(tenant: Tenant) {
  const applicant = await createUser({ role: 'Residente', organizationId: tenant.organization.id });
  const [{ id }] = await db()('join_requests')
    .insert({ organizationId: tenant.organization.id, userId: applicant.id, propertyId: tenant.property.id })
    .returning('id');
  return id as number;
}

/** Self-registration's join requests: the administrators' decisions and a new request. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/join-requests/:id/approve',
    request: async (tenant) => ({
      path: `/api/join-requests/${await pendingRequest(tenant)}/approve`,
      body: { propertyId: tenant.property.id, unit: 'B-2', createUnit: true },
    }),
  },
  { route: 'POST /api/join-requests/:id/decline', noText: 'Takes no body and no query.' },
  // A member has nothing to ask for (409), but what they send is still checked first.
  {
    route: 'POST /api/user/join-request',
    as: 'resident',
    request: (tenant) => ({ path: '/api/user/join-request', body: { propertyReference: tenant.property.name } }),
    expect: 409,
  },
];
