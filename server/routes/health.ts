import { apiRouter } from './router';
import { db } from '../db';

export const healthRouter = apiRouter();

async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Database and Redis state (and, as the live parts come, relay lag and worker heartbeat). */
healthRouter.get('/health', async (ctx) => {
  const [database, redis, ...extra] = await Promise.all([
    within(2000, () => db().raw('select 1')).then(() => 'up' as const, () => 'down' as const),
    within(2000, () => ctx.services.redis.ping()).then(() => 'up' as const, () => 'down' as const),
    ...ctx.services.healthChecks.map((check) => within(2000, check).catch(() => ({}))),
  ]);
  const ok = database === 'up' && redis === 'up';
  ctx.status = ok ? 200 : 503;
  ctx.body = { status: ok ? 'ok' : 'degraded', database, redis, ...Object.assign({}, ...extra) };
});
