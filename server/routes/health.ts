import { apiRouter } from './router';

export const healthRouter = apiRouter();

/**
 * Public, for load balancers and operators (server/operators/health.ts): 200 `ok` or
 * `degraded` while the app serves, 503 `down` when the database does not answer.
 */
healthRouter.get('/health', async (ctx) => {
  const report = await ctx.services.health();
  ctx.status = report.status === 'down' ? 503 : 200;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = report;
});
