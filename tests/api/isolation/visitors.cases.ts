import { db } from '../../../server/db';
import { createStaff, createVisitorPass } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** The other organization's visitor: a pass of its resident's unit, with telling texts, and a do-not-admit name. */
async function otherPass(world: World, overrides: Record<string, unknown> = {}) {
  const { other } = world;
  const pass = await createVisitorPass({
    propertyId: other.property.id,
    unitId: other.unit.id,
    hostId: other.resident.id,
    name: `Visita ajena ${other.organization.name}`,
    notes: `Nota ajena ${other.property.name}`,
    ...overrides,
  });
  await db()('visitor_blocks').insert({ propertyId: other.property.id, unitId: other.unit.id, name: `Vetado ajeno ${other.organization.name}` });
  return pass;
}

const secrets = (world: World) => [`Visita ajena ${world.other.organization.name}`, 'Nota ajena', 'Vetado ajeno'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
const everyRole = (route: string, request: IsolationCase['request'], rest: Partial<IsolationCase> = {}): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, mustNotContain: secrets, ...rest }));

/** The own supplier works the own property's desk (so the desk routes answer them at all). */
const ownGuard = async (world: World) => createStaff({ propertyId: world.own.property.id, userId: world.own.supplier.id, service: 'security' });

export const cases: IsolationCase[] = [
  ...everyRole(
    'GET /api/visitors',
    async (world) => {
      await ownGuard(world);
      await otherPass(world);
      return { path: `/api/visitors?propertyId=${world.other.property.id}` };
    },
    { expect: 200 },
  ),
  // The summary of a property the caller cannot read answers 404, like its rows (issue 26).
  ...everyRole(
    'GET /api/visitors/summary',
    async (world) => {
      await otherPass(world);
      return { path: `/api/visitors/summary?propertyId=${world.other.property.id}` };
    },
  ),
  {
    route: 'GET /api/visitors/export.csv',
    request: async (world) => {
      await otherPass(world);
      return { path: `/api/visitors/export.csv?propertyId=${world.other.property.id}` };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  {
    route: 'GET /api/visitors/units',
    request: (world) => ({ path: `/api/visitors/units?propertyId=${world.other.property.id}` }),
  },
  {
    route: 'GET /api/visitors/settings',
    request: async (world) => {
      await db()('organizations').where({ id: world.other.organization.id }).update({ settings: db().raw(`settings || '{"visitors":{"retentionDays":77}}'::jsonb`) });
      return { path: '/api/visitors/settings' };
    },
    expect: 200,
    // The other organization's value as the answer would carry it (a bare '77' also turns up in
    // headers: dates, ETags, lengths).
    mustNotContain: () => ['"retentionDays":77'],
  },
  {
    route: 'PUT /api/visitors/settings',
    request: () => ({ path: '/api/visitors/settings', body: { retentionDays: 60 } }),
    expect: 200,
  },
  ...everyRole(
    'GET /api/visitors/do-not-admit',
    async (world) => {
      await ownGuard(world);
      await otherPass(world);
      return { path: `/api/visitors/do-not-admit?propertyId=${world.other.property.id}` };
    },
    { expect: 200 },
  ),
  ...(['admin', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'POST /api/visitors/do-not-admit',
      as,
      request: (world) => ({ path: '/api/visitors/do-not-admit', body: { propertyId: world.other.property.id, unitId: world.other.unit.id, name: 'Alguien' } }),
    }),
  ),
  {
    route: 'DELETE /api/visitors/do-not-admit/:id',
    request: async (world) => {
      await otherPass(world);
      const block = await db()('visitor_blocks').where({ propertyId: world.other.property.id }).first('id');
      return { path: `/api/visitors/do-not-admit/${block.id}` };
    },
  },
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'POST /api/visitors',
      as,
      request: (world) => ({
        path: '/api/visitors',
        body: { propertyId: world.other.property.id, unitId: world.other.unit.id, name: 'Invitado', expectedArrival: new Date(Date.now() + 3600_000).toISOString() },
      }),
    }),
  ),
  ...everyRole('GET /api/visitors/:id', async (world) => ({ path: `/api/visitors/${(await otherPass(world)).id}` })),
  ...everyRole('PATCH /api/visitors/:id', async (world) => ({ path: `/api/visitors/${(await otherPass(world)).id}`, body: { status: 'cancelled' } })),
  ...everyRole('POST /api/visitors/:id/check-in', async (world) => {
    await ownGuard(world);
    return { path: `/api/visitors/${(await otherPass(world)).id}/check-in` };
  }),
  ...everyRole('POST /api/visitors/:id/check-out', async (world) => {
    await ownGuard(world);
    const pass = await otherPass(world, { status: 'checked-in' });
    await db()('visits').insert({ visitorId: pass.id, propertyId: world.other.property.id });
    return { path: `/api/visitors/${pass.id}/check-out` };
  }),
  ...everyRole('POST /api/visitors/:id/decision', async (world) => ({
    path: `/api/visitors/${(await otherPass(world, { status: 'pending', walkIn: true, decisionDueAt: new Date(Date.now() + 60_000) })).id}/decision`,
    body: { allow: true },
  })),
  ...(['admin', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/desk/properties',
      as,
      request: async (world) => {
        await ownGuard(world);
        return { path: '/api/desk/properties' };
      },
      expect: 200,
    }),
  ),
  ...(['admin', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/desk/today',
      as,
      request: async (world) => {
        await ownGuard(world);
        await otherPass(world);
        return { path: `/api/desk/today?propertyId=${world.other.property.id}` };
      },
      mustNotContain: secrets,
    }),
  ),
  ...(['admin', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'POST /api/desk/lookup',
      as,
      request: async (world) => {
        await ownGuard(world);
        return { path: '/api/desk/lookup', body: { propertyId: world.other.property.id, code: (await otherPass(world)).accessCode } };
      },
      mustNotContain: secrets,
    }),
  ),
  {
    route: 'POST /api/desk/lookup',
    as: 'supplier',
    // A code of another organization, typed at the own desk: unknown, nothing of it shown.
    request: async (world) => {
      await ownGuard(world);
      return { path: '/api/desk/lookup', body: { propertyId: world.own.property.id, code: (await otherPass(world)).accessCode } };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  ...(['admin', 'supplier'] as const).map(
    (as): IsolationCase => ({
      route: 'POST /api/desk/walk-ins',
      as,
      request: async (world) => {
        await ownGuard(world);
        return { path: '/api/desk/walk-ins', body: { propertyId: world.other.property.id, unitId: world.other.unit.id, name: 'Mensajero' } };
      },
    }),
  ),
  {
    route: 'GET /api/passes/:token',
    // Anyone holding a pass's link reads its first name and building (docs/modules/visitors.md):
    // what isolates it is the token. A revoked link or a guess reads nothing.
    request: async (world) => {
      const pass = await otherPass(world);
      await db()('visitors').where({ id: pass.id }).update({ passToken: 'revocado-' + pass.passToken });
      return { path: `/api/passes/${pass.passToken}` };
    },
    notApplicable: 'The public pass needs no sign-in: its random token is the only key (a revoked or guessed one is 404).',
  },
  {
    route: 'GET /api/passes/:token/qr.svg',
    request: async (world) => {
      const pass = await otherPass(world);
      await db()('visitors').where({ id: pass.id }).update({ passToken: 'revocado-' + pass.passToken });
      return { path: `/api/passes/${pass.passToken}/qr.svg` };
    },
    notApplicable: 'The QR image of a public pass: the token is the only key (a revoked or guessed one is 404).',
  },
];
