import { messageText } from '../../shared/messages';
import type { Layer } from '@koa/router';
import type { Context } from 'koa';
import { methodNotAllowed, notFound } from '../errors';

/**
 * The last /api middleware, reached when no route answered. A known path asked with another
 * method is 405 with `Allow`: the methods of every route of the path, whichever router
 * declared it (each router's middleware adds the routes matching the path to `ctx.matched`,
 * as its own allowedMethods() reads them). An unknown path is 404. Both in the error shape.
 */
export async function unmatchedApiRequest(ctx: Context) {
  const matched = (ctx as Context & { matched?: Layer[] }).matched ?? [];
  const allowed = [...new Set(matched.flatMap((layer) => layer.methods))];
  if (!allowed.length) throw notFound(messageText('unknown_api_route'));
  if (ctx.method === 'OPTIONS') {
    ctx.set('Allow', allowed.join(', '));
    ctx.status = 204;
    return;
  }
  throw methodNotAllowed(allowed);
}
