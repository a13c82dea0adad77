import { load, type BenchSuite } from '../lib';

/** GET /api/user with a signed-in session against a bare Koa route making the same query. */
const suite: BenchSuite = {
  name: 'auth',
  description: 'GET /api/user (sesión iniciada) frente a una ruta Koa mínima con la misma consulta',
  async run(ctx) {
    const { sid, cookie } = await ctx.createAdministrator();
    // Warm both paths up before measuring.
    await load({ url: `${ctx.baseUrl}/api/user`, headers: { cookie }, duration: 2 });
    await load({ url: `${ctx.bareUrl}/bare?sid=${sid}`, duration: 2 });
    const user = await load({ url: `${ctx.baseUrl}/api/user`, headers: { cookie } });
    const bare = await load({ url: `${ctx.bareUrl}/bare?sid=${sid}` });
    return [
      {
        title: 'Costo del middleware (objetivo: proporción >= 0.7)',
        rows: [
          { ruta: 'GET /api/user (Vecindad)', ...user },
          { ruta: 'GET /bare (Koa + la misma consulta)', ...bare },
          { ruta: 'proporción req/s', 'req/s': Math.round((user['req/s'] / bare['req/s']) * 100) / 100 },
        ],
      },
    ];
  },
};
export default suite;
