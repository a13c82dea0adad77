import { db } from '../../../server/db';
import type { IsolationCase, Tenant, World } from './types';
import { TINY_PNG } from './world';

const HOUR = 3600_000;

/**
 * A tenant's assembly straight in the database, in `status`, with one vote item (open when the
 * assembly is in session), the tenant's unit checked in, a ballot and a pending proxy with its letter.
 */
export async function assemblyOf(tenant: Tenant, status: 'draft' | 'convened' | 'in_session' | 'closed' = 'in_session') {
  const firstCallAt = new Date(Date.now() - HOUR);
  const [assembly] = await db()('assemblies')
    .insert({
      organizationId: tenant.organization.id,
      propertyId: tenant.property.id,
      title: `Asamblea ajena ${tenant.organization.name}`,
      status,
      firstCallAt,
      secondCallAt: new Date(firstCallAt.getTime() + HOUR / 2),
      place: `Salón ajeno ${tenant.property.name}`,
      createdById: tenant.admin.id,
      convenedAt: status === 'draft' ? null : firstCallAt,
      startedAt: status === 'in_session' || status === 'closed' ? firstCallAt : null,
      closedAt: status === 'closed' ? new Date() : null,
    })
    .returning('id');
  const [item] = await db()('assembly_items')
    .insert({
      assemblyId: assembly.id,
      position: 1,
      title: `Punto ajeno ${tenant.organization.name}`,
      kind: 'vote',
      options: JSON.stringify(['Sí', 'No', 'Abstención']),
      status: status === 'in_session' ? 'open' : 'pending',
      openedAt: status === 'in_session' ? new Date() : null,
    })
    .returning('id');
  await db()('assembly_attendance').insert({ assemblyId: assembly.id, unitId: tenant.unit.id, present: true, via: 'room', recordedById: tenant.admin.id });
  if (status === 'in_session') await db()('assembly_votes').insert({ itemId: item.id, unitId: tenant.unit.id, option: 'Sí', weight: 1, voterId: tenant.resident.id, inRoom: true });
  const [proxy] = await db()('assembly_proxies')
    .insert({
      assemblyId: assembly.id,
      unitId: tenant.unit.id,
      holderName: `Apoderado ajeno ${tenant.organization.name}`,
      holderIdNumber: '001-9999999-1',
      letterName: 'poder.png',
      letterType: 'image/png',
      letter: Buffer.from(TINY_PNG, 'base64'),
      createdById: tenant.owner.id,
    })
    .returning('id');
  return { id: assembly.id as number, itemId: item.id as number, proxyId: proxy.id as number };
}

const secrets = () => ['Asamblea ajena', 'Salón ajeno', 'Punto ajeno', 'Apoderado ajeno', '001-9999999-1'];
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;
/** Suppliers have no assemblies at all: 403 before any row is looked up. */
const everyRole = (route: string, request: IsolationCase['request'], rest: Partial<IsolationCase> = {}): IsolationCase[] =>
  ROLES.map((as) => ({ route, as, request, mustNotContain: secrets, ...(as === 'supplier' ? { expect: 403 } : {}), ...rest }));
const voters = ['admin', 'owner', 'resident'] as const;
/** A request aimed at `other`'s assembly (in `status`) by one of `own`'s users. */
const atOther =
  (path: (ids: Awaited<ReturnType<typeof assemblyOf>>) => string, body?: unknown, status?: Parameters<typeof assemblyOf>[1]): IsolationCase['request'] =>
  async (world: World) => ({ path: path(await assemblyOf(world.other, status)), body });

export const cases: IsolationCase[] = [
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/assemblies',
      as,
      request: async (world) => {
        await assemblyOf(world.other);
        return { path: `/api/assemblies?propertyId=${world.other.property.id}` };
      },
      expect: 200,
      mustNotContain: secrets,
    }),
  ),
  {
    route: 'GET /api/assemblies',
    as: 'admin',
    request: async (world) => {
      await assemblyOf(world.other);
      return { path: '/api/assemblies?q=Asamblea' };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  {
    route: 'POST /api/assemblies',
    request: (world) => ({ path: '/api/assemblies', body: { propertyId: world.other.property.id, title: 'Tomada', firstCallAt: new Date(Date.now() + 240 * HOUR).toISOString() } }),
  },
  ...everyRole('GET /api/assemblies/:id', atOther(({ id }) => `/api/assemblies/${id}`)),
  { route: 'PATCH /api/assemblies/:id', request: atOther(({ id }) => `/api/assemblies/${id}`, { title: 'Tomada' }, 'draft'), mustNotContain: secrets },
  { route: 'POST /api/assemblies/:id/convene', request: atOther(({ id }) => `/api/assemblies/${id}/convene`, undefined, 'draft'), mustNotContain: secrets },
  { route: 'POST /api/assemblies/:id/start', request: atOther(({ id }) => `/api/assemblies/${id}/start`, undefined, 'convened'), mustNotContain: secrets },
  { route: 'POST /api/assemblies/:id/close', request: atOther(({ id }) => `/api/assemblies/${id}/close`), mustNotContain: secrets },
  { route: 'POST /api/assemblies/:id/cancel', request: atOther(({ id }) => `/api/assemblies/${id}/cancel`, { reason: 'Tomada' }, 'convened'), mustNotContain: secrets },
  ...everyRole('GET /api/assemblies/:id/attendance', atOther(({ id }) => `/api/assemblies/${id}/attendance`)),
  ...voters.map(
    (as): IsolationCase => ({
      route: 'POST /api/assemblies/:id/attendance',
      as,
      request: async (world) => ({ path: `/api/assemblies/${(await assemblyOf(world.other, 'convened')).id}/attendance`, body: { unitId: world.other.unit.id, present: true, via: 'room' } }),
      mustNotContain: secrets,
    }),
  ),
  {
    // Own assembly, other's unit: the unit is not one of the assembly's.
    route: 'POST /api/assemblies/:id/attendance',
    request: async (world) => ({ path: `/api/assemblies/${(await assemblyOf(world.own, 'convened')).id}/attendance`, body: { unitId: world.other.unit.id, present: true, via: 'room' } }),
    expect: 400,
  },
  ...everyRole('GET /api/assemblies/:id/proxies', atOther(({ id }) => `/api/assemblies/${id}/proxies`)),
  ...voters.map(
    (as): IsolationCase => ({
      route: 'POST /api/assemblies/:id/proxies',
      as,
      request: async (world) => ({
        path: `/api/assemblies/${(await assemblyOf(world.other, 'convened')).id}/proxies`,
        body: { unitId: world.other.unit.id, holderName: 'Pedro', holderIdNumber: '001-1', letter: { fileName: 'poder.png', fileType: 'image/png', content: TINY_PNG } },
      }),
      mustNotContain: secrets,
    }),
  ),
  {
    // Own assembly, other's unit.
    route: 'POST /api/assemblies/:id/proxies',
    request: async (world) => ({
      path: `/api/assemblies/${(await assemblyOf(world.own, 'convened')).id}/proxies`,
      body: { unitId: world.other.unit.id, holderUserId: world.own.owner.id, letter: { fileName: 'poder.png', fileType: 'image/png', content: TINY_PNG } },
    }),
    expect: 400,
  },
  {
    // Own assembly, a holder from the other organization.
    route: 'POST /api/assemblies/:id/proxies',
    request: async (world) => ({
      path: `/api/assemblies/${(await assemblyOf(world.own, 'convened')).id}/proxies`,
      body: { unitId: world.own.unit.id, holderUserId: world.other.owner.id, letter: { fileName: 'poder.png', fileType: 'image/png', content: TINY_PNG } },
    }),
    expect: 400,
  },
  ...everyRole('PATCH /api/proxies/:id', atOther(({ proxyId }) => `/api/proxies/${proxyId}`, { status: 'approved' }, 'convened')),
  ...everyRole('GET /api/proxies/:id/letter', atOther(({ proxyId }) => `/api/proxies/${proxyId}/letter`)),
  { route: 'POST /api/assemblies/:id/items/:itemId/open', request: atOther(({ id, itemId }) => `/api/assemblies/${id}/items/${itemId}/open`, undefined, 'convened'), mustNotContain: secrets },
  {
    // Own assembly in session, other's item.
    route: 'POST /api/assemblies/:id/items/:itemId/open',
    request: async (world) => {
      const own = await assemblyOf(world.own, 'in_session');
      await db()('assembly_items').where({ id: own.itemId }).update({ status: 'closed' });
      const other = await assemblyOf(world.other, 'convened');
      return { path: `/api/assemblies/${own.id}/items/${other.itemId}/open` };
    },
    mustNotContain: secrets,
  },
  { route: 'POST /api/assemblies/:id/items/:itemId/close', request: atOther(({ id, itemId }) => `/api/assemblies/${id}/items/${itemId}/close`), mustNotContain: secrets },
  {
    route: 'POST /api/assemblies/:id/items/:itemId/close',
    request: async (world) => {
      const own = await assemblyOf(world.own, 'in_session');
      const other = await assemblyOf(world.other, 'in_session');
      return { path: `/api/assemblies/${own.id}/items/${other.itemId}/close` };
    },
    mustNotContain: secrets,
  },
  ...voters.map(
    (as): IsolationCase => ({
      route: 'POST /api/assemblies/:id/items/:itemId/votes',
      as,
      request: async (world) => {
        const other = await assemblyOf(world.other);
        return { path: `/api/assemblies/${other.id}/items/${other.itemId}/votes`, body: { unitId: world.other.unit.id, option: 'No' } };
      },
      mustNotContain: secrets,
    }),
  ),
  {
    // Own assembly and item, other's unit (present in its own room only).
    route: 'POST /api/assemblies/:id/items/:itemId/votes',
    request: async (world) => {
      const own = await assemblyOf(world.own);
      return { path: `/api/assemblies/${own.id}/items/${own.itemId}/votes`, body: { unitId: world.other.unit.id, option: 'No' } };
    },
    expect: 400,
  },
  ...everyRole('GET /api/assemblies/:id/items/:itemId/results', atOther(({ id, itemId }) => `/api/assemblies/${id}/items/${itemId}/results`)),
  {
    route: 'GET /api/assemblies/:id/items/:itemId/results',
    request: async (world) => {
      const own = await assemblyOf(world.own);
      const other = await assemblyOf(world.other);
      return { path: `/api/assemblies/${own.id}/items/${other.itemId}/results` };
    },
    mustNotContain: secrets,
  },
  ...everyRole('GET /api/assemblies/:id/notice.pdf', atOther(({ id }) => `/api/assemblies/${id}/notice.pdf`, undefined, 'convened')),
  ...everyRole('GET /api/assemblies/:id/invite.ics', atOther(({ id }) => `/api/assemblies/${id}/invite.ics`, undefined, 'convened')),
  ...everyRole('GET /api/assemblies/:id/minutes.pdf', atOther(({ id }) => `/api/assemblies/${id}/minutes.pdf`, undefined, 'closed')),
  {
    route: 'GET /api/assemblies/settings',
    request: async (world) => {
      await db()('organizations').where({ id: world.other.organization.id }).update({ settings: db().raw(`settings || '{"assemblies":{"noticeDays":77}}'::jsonb`) });
      return { path: '/api/assemblies/settings' };
    },
    expect: 200,
    // The other organization's value as the answer would carry it.
    mustNotContain: () => ['"noticeDays":77'],
  },
  {
    route: 'PUT /api/assemblies/settings',
    request: () => ({ path: '/api/assemblies/settings', body: { noticeDays: 10 } }),
    expect: 200,
  },
];
