import Router from '@koa/router';
import { jsonBody } from '../middleware/body';
import { jsonBodiesOnly } from '../middleware/security';
import { accountRouter } from './account';
import { authRouter } from './auth';
import { healthRouter } from './health';

/** Every `/api` route. Each domain lives in its own router file. */
export function createApiRouter() {
  const api = new Router({ prefix: '/api' });
  api.use(jsonBodiesOnly, jsonBody);
  for (const router of [healthRouter, authRouter, accountRouter]) {
    api.use(router.routes(), router.allowedMethods());
  }
  return api;
}
