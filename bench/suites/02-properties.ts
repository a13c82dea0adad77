import { hashPassword } from '../../server/services/passwords';
import { load, type BenchSuite } from '../lib';
import { LARGE_ORGANIZATION, seedLargeOrganization } from '../seed-properties';

/**
 * Issue 4: an organization with 2,000 properties, 40,000 units and 60,000 residents; as its
 * Administrador, the whole properties list and the first residents page with a search term.
 * Target: p99 under 50 ms for a page of residents.
 */
const suite: BenchSuite = {
  name: 'properties',
  description: 'GET /api/properties y la primera página de residentes con búsqueda (2.000 propiedades, 40.000 unidades, 60.000 residentes)',
  async run(ctx) {
    const { organizationId, cookie } = await ctx.createAdministrator();
    const started = Date.now();
    const seeded = await seedLargeOrganization(ctx.db, organizationId, await hashPassword('bench-resident'));
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    const headers = { cookie };
    const measure = async (ruta: string, path: string, connections: number) => {
      const url = `${ctx.baseUrl}${path}`;
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${path}: ${check.status} ${await check.text()}`);
      const total = check.headers.get('x-total-count');
      await load({ url, headers, connections, duration: 2 }); // warm-up
      return { ruta, conexiones: connections, 'X-Total-Count': total ?? '', ...(await load({ url, headers, connections })) };
    };

    // A common fragment (a first name and several surnames contain it) and a specific one.
    const common = encodeURIComponent('mar');
    const specific = encodeURIComponent('núñez pérez');
    const rows = [];
    for (const connections of [1, 10]) {
      rows.push(await measure('GET /api/properties (las 2.000, sin paginar)', '/api/properties', connections));
      rows.push(await measure('GET /api/properties?limit=25', '/api/properties?limit=25', connections));
      rows.push(await measure('GET /api/residents?limit=25 (sin búsqueda)', '/api/residents?limit=25', connections));
      rows.push(await measure(`GET /api/residents?q=mar&limit=25`, `/api/residents?q=${common}&limit=25`, connections));
      rows.push(await measure(`GET /api/residents?q=núñez pérez&limit=25`, `/api/residents?q=${specific}&limit=25`, connections));
    }
    return [
      {
        title: `Datos sembrados en ${seedSeconds} s (objetivo ${LARGE_ORGANIZATION.properties} propiedades, ${LARGE_ORGANIZATION.properties * LARGE_ORGANIZATION.unitsPerProperty} unidades, ${LARGE_ORGANIZATION.residents} residentes)`,
        rows: [seeded],
      },
      { title: 'Propiedades y directorio de residentes como Administrador (objetivo: p99 < 50 ms por página de residentes)', rows },
    ];
  },
};
export default suite;
