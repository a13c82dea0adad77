import { hashPassword } from '../../server/services/passwords';
import { listTargets, load, type BenchSuite } from '../lib';
import { LARGE_ORGANIZATION, seedLargeOrganization } from '../seed-properties';

/**
 * An organization with 2,000 properties, 40,000 units and 60,000 residents; as its
 * Administrador, pages of properties and residents (first, deep, searched) against GET
 * /api/user and against their own SQL on a bare server, then the whole properties list.
 */
const suite: BenchSuite = {
  name: 'properties',
  description: 'GET /api/properties y la primera página de residentes con búsqueda (2.000 propiedades, 40.000 unidades, 60.000 residentes)',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const { organizationId } = admin;
    const started = Date.now();
    const seeded = await seedLargeOrganization(ctx.db, organizationId, await hashPassword('bench-resident'));
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    // Searches: a common fragment (a first name and several surnames contain it) and a specific one.
    const lists = await listTargets(ctx, admin, [
      { ruta: 'GET /api/properties?limit=25', path: '/api/properties?limit=25' },
      { ruta: 'GET /api/residents?limit=25 (sin búsqueda)', path: '/api/residents?limit=25' },
      { ruta: 'GET /api/residents?limit=25&offset=30000', path: '/api/residents?limit=25&offset=30000' },
      { ruta: 'GET /api/residents?q=mar&limit=25', path: `/api/residents?q=${encodeURIComponent('mar')}&limit=25` },
      { ruta: 'GET /api/residents?q=núñez pérez&limit=25', path: `/api/residents?q=${encodeURIComponent('núñez pérez')}&limit=25` },
    ]);
    // The whole list, unpaginated (the properties screen's pickers): no target, for reference.
    const url = `${ctx.baseUrl}/api/properties`;
    await load({ url, headers: { cookie: admin.cookie }, connections: 10, duration: 2 });
    const whole = { ruta: 'GET /api/properties (las 2.000, sin paginar)', conexiones: 10, ...(await load({ url, headers: { cookie: admin.cookie }, connections: 10 })) };
    return [
      {
        title: `Datos sembrados en ${seedSeconds} s (objetivo ${LARGE_ORGANIZATION.properties} propiedades, ${LARGE_ORGANIZATION.properties * LARGE_ORGANIZATION.unitsPerProperty} unidades, ${LARGE_ORGANIZATION.residents} residentes)`,
        rows: [seeded],
      },
      ...lists,
      { title: 'Lista completa de propiedades como Administrador', rows: [whole] },
    ];
  },
};
export default suite;
