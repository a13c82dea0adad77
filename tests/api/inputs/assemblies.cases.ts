import { db } from '../../../server/db';
import type { Tenant } from '../isolation/types';
import { TINY_PNG } from '../isolation/world';
import type { InputCase } from './types';

const DAY = 24 * 3600_000;

/** The tenant's assembly in `status` with one vote item (open while in session) and the tenant's unit checked in, in the room. */
async function assemblyOf(tenant: Tenant, status: 'draft' | 'convened' | 'in_session') {
  const firstCallAt = status === 'in_session' ? new Date(Date.now() - DAY / 24) : new Date(Date.now() + 10 * DAY);
  const [assembly] = await db()('assemblies')
    .insert({ organizationId: tenant.organization.id, propertyId: tenant.property.id, title: 'Asamblea ordinaria', status, firstCallAt, secondCallAt: firstCallAt, createdById: tenant.admin.id, convenedAt: status === 'draft' ? null : new Date() })
    .returning('id');
  const [item] = await db()('assembly_items')
    .insert({ assemblyId: assembly.id, position: 1, title: 'Presupuesto 2027', kind: 'vote', options: JSON.stringify(['Sí', 'No', 'Abstención']), status: status === 'in_session' ? 'open' : 'pending' })
    .returning('id');
  await db()('assembly_attendance').insert({ assemblyId: assembly.id, unitId: tenant.unit.id, present: true, via: 'room', recordedById: tenant.admin.id });
  return { id: assembly.id as number, itemId: item.id as number };
}

const proxyOf = async (tenant: Tenant) => {
  const { id } = await assemblyOf(tenant, 'convened');
  const [proxy] = await db()('assembly_proxies')
    .insert({ assemblyId: id, unitId: tenant.unit.id, holderName: 'Pedro Apoderado', holderIdNumber: '001-1234567-8', letterType: 'image/png', letter: Buffer.from(TINY_PNG, 'base64'), createdById: tenant.owner.id })
    .returning('id');
  return proxy.id as number;
};

const items = [
  { title: 'Presupuesto 2027', description: 'Aprobación del presupuesto anual', kind: 'vote', options: ['A favor', 'En contra'], majority: 'absolute', weighting: 'share', secret: false },
  { title: 'Informe de la administración', kind: 'informative' },
];

/** Assemblies: the call and its agenda, attendance, proxies, ballots. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/assemblies',
    request: (tenant) => ({
      path: '/api/assemblies',
      body: {
        propertyId: tenant.property.id,
        kind: 'ordinary',
        title: 'Asamblea ordinaria 2027',
        firstCallAt: '2027-03-15T18:00:00-04:00',
        secondCallAt: '2027-03-15T18:30:00-04:00',
        place: 'Lobby',
        meetingUrl: 'https://meet.vecindad.test/asamblea',
        quorumFirstCall: 50,
        items,
      },
    }),
  },
  {
    route: 'PATCH /api/assemblies/:id',
    request: async (tenant) => ({
      path: `/api/assemblies/${(await assemblyOf(tenant, 'draft')).id}`,
      body: { kind: 'extraordinary', title: 'Asamblea extraordinaria', firstCallAt: '2027-04-10T19:00:00-04:00', secondCallAt: '2027-04-10T19:30:00-04:00', place: 'Terraza', meetingUrl: 'https://meet.vecindad.test/x', items },
    }),
  },
  { route: 'GET /api/assemblies', request: (tenant) => ({ path: `/api/assemblies?propertyId=${tenant.property.id}&status=convened&q=ordinaria` }) },
  { route: 'PUT /api/assemblies/settings', noText: 'Days of notice: a number only.' },
  { route: 'POST /api/assemblies/:id/convene', noText: 'Takes no body: the assembly is in the path.' },
  { route: 'POST /api/assemblies/:id/start', noText: 'Takes no body: the assembly is in the path.' },
  { route: 'POST /api/assemblies/:id/close', noText: 'Takes no body: the assembly is in the path.' },
  { route: 'POST /api/assemblies/:id/cancel', request: async (tenant) => ({ path: `/api/assemblies/${(await assemblyOf(tenant, 'convened')).id}/cancel`, body: { reason: 'Falta de quórum previsto' } }) },
  {
    route: 'POST /api/assemblies/:id/attendance',
    request: async (tenant) => ({ path: `/api/assemblies/${(await assemblyOf(tenant, 'convened')).id}/attendance`, body: { unitId: tenant.unit.id, present: true, via: 'room' } }),
  },
  {
    route: 'POST /api/assemblies/:id/proxies',
    request: async (tenant) => ({
      path: `/api/assemblies/${(await assemblyOf(tenant, 'convened')).id}/proxies`,
      body: { unitId: tenant.unit.id, holderName: 'Pedro Apoderado', holderIdNumber: '001-1234567-8', letter: { fileName: 'poder.png', fileType: 'image/png', content: TINY_PNG } },
    }),
  },
  { route: 'PATCH /api/proxies/:id', request: async (tenant) => ({ path: `/api/proxies/${await proxyOf(tenant)}`, body: { status: 'approved' } }) },
  { route: 'POST /api/assemblies/:id/items/:itemId/open', noText: 'Takes no body: the assembly and the item are in the path.' },
  { route: 'POST /api/assemblies/:id/items/:itemId/close', noText: 'Takes no body: the assembly and the item are in the path.' },
  {
    route: 'POST /api/assemblies/:id/items/:itemId/votes',
    request: async (tenant) => {
      const { id, itemId } = await assemblyOf(tenant, 'in_session');
      return { path: `/api/assemblies/${id}/items/${itemId}/votes`, body: { unitId: tenant.unit.id, option: 'Sí' } };
    },
  },
];
