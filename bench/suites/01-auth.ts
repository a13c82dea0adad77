import { load, targetsTable, type BenchSuite } from '../lib';

const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * GET /api/user with a signed-in session against a bare Koa route making the same query. The
 * two alternate over a few rounds and each side's median round is kept, so a passing load on
 * the machine does not decide the ratio.
 */
const suite: BenchSuite = {
  name: 'auth',
  description: 'GET /api/user (sesión iniciada) frente a una ruta Koa mínima con la misma consulta',
  async run(ctx) {
    const { sid, cookie } = await ctx.createAdministrator();
    const routes = {
      user: { url: `${ctx.baseUrl}/api/user`, headers: { cookie } },
      bare: { url: `${ctx.bareUrl}/bare?sid=${sid}` },
    };
    // Warm both paths up before measuring.
    for (const route of Object.values(routes)) await load({ ...route, duration: 2 });
    const rounds: Record<keyof typeof routes, Array<Awaited<ReturnType<typeof load>>>> = { user: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, route] of Object.entries(routes) as Array<[keyof typeof routes, (typeof routes)['user']]>) {
        rounds[name].push(await load({ ...route, duration: 5 }));
      }
    }
    const typical = (name: keyof typeof routes) => {
      const rps = median(rounds[name].map((r) => r['req/s']));
      return rounds[name].find((r) => r['req/s'] === rps)!;
    };
    const user = typical('user');
    const bare = typical('bare');
    const ratio = Math.round((user['req/s'] / bare['req/s']) * 100) / 100;
    return [
      targetsTable([
        {
          objetivo: 'GET /api/user: >= 0.75 de las req/s de Koa con la misma consulta',
          valor: `${user['req/s']} req/s, p99 ${user['p99 ms']} ms`,
          referencia: `Koa + la misma consulta ${bare['req/s']} req/s`,
          proporción: ratio,
          cumple: ratio >= 0.75,
        },
      ]),
      {
        title: `Costo del middleware (mediana de ${ROUNDS} rondas alternas; objetivo: proporción >= 0.75)`,
        rows: [
          { ruta: 'GET /api/user (Vecindad)', ...user, objetivo: '' },
          { ruta: 'GET /bare (Koa + la misma consulta)', ...bare, objetivo: '' },
          { ruta: 'proporción req/s', 'req/s': ratio, objetivo: ratio >= 0.75 ? 'cumple' : 'NO cumple' },
        ],
      },
    ];
  },
};
export default suite;
