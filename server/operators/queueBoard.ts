import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Redis } from 'ioredis';
import type { Context, Middleware, Next } from 'koa';
import { FORBIDDEN_REDIRECT } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { isOperator } from '../policies/operators';
import { createQueues } from '../jobs/queues';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The operators' view of the job queues (bull-board): counts, delayed and failed jobs, retry.
 * Needs the session (mounted after it) and an operator (see below); a signed-out browser
 * is sent to sign in, anyone else's to the dashboard. The queues are opened at the first authorized visit.
 */
export function queueBoard(redis: Redis, prefix: string): Middleware {
  let board: Middleware | undefined;
  const open = () => {
    const serverAdapter = new KoaAdapter().setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: Object.values(createQueues(redis, prefix)).map((queue) => new BullMQAdapter(queue)),
      // @bull-board/koa carries its own copy of the api's typings (one patch release apart).
      serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
      // In Spanish (bull-board's own es-ES texts), with the way back to the system status.
      options: {
        uiConfig: {
          boardTitle: 'Vecindad',
          locale: { lng: 'es-ES' },
          hideDocsLink: true,
          miscLinks: [{ text: 'Volver a Estado del sistema', url: '/admin/status' }],
        },
      },
    });
    return serverAdapter.registerPlugin() as unknown as Middleware;
  };
  return async (ctx: Context, next: Next) => {
    // A page a browser opens (it prefers HTML), not the board's own JSON calls.
    const browsing = ctx.method === 'GET' && ctx.accepts('json', 'html') === 'html';
    const user = ctx.session?.userId ? ctx.state.user : undefined;
    if (!user) {
      if (browsing) return ctx.redirect('/auth');
      throw unauthorized();
    }
    // The queues serve every organization: only operators (super-admins and administrators
    // of a master organization) see them; a browser of anyone else goes to the dashboard,
    // which says why.
    if (!(await isOperator(user))) {
      if (browsing) return ctx.redirect(FORBIDDEN_REDIRECT);
      throw forbidden();
    }
    board ??= open();
    await board(ctx, next);
  };
}
