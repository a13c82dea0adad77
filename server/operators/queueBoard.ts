import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Redis } from 'ioredis';
import type { Context, Middleware, Next } from 'koa';
import { can } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { managesOrganizations } from '../policies/organizations';
import { createQueues } from '../../worker/queues';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The operators' view of the job queues (bull-board): counts, delayed and failed jobs, retry.
 * Needs the session (mounted after it) and an operator (see below); a signed-out browser
 * is sent to sign in. The queues are opened at the first authorized visit.
 */
export function queueBoard(redis: Redis, prefix: string): Middleware {
  let board: Middleware | undefined;
  const open = () => {
    const serverAdapter = new KoaAdapter().setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: Object.values(createQueues(redis, prefix)).map((queue) => new BullMQAdapter(queue)),
      // @bull-board/koa carries its own copy of the api's typings (one patch release apart).
      serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
      options: { uiConfig: { boardTitle: 'Vecindad' } },
    });
    return serverAdapter.registerPlugin() as unknown as Middleware;
  };
  return async (ctx: Context, next: Next) => {
    const user = ctx.session?.userId ? ctx.state.user : undefined;
    if (!user) {
      if (ctx.method === 'GET' && ctx.accepts('html', 'json') === 'html') return ctx.redirect('/auth');
      throw unauthorized();
    }
    // The queues serve every organization: only operators (super-admins and administrators
    // of a master organization) see them.
    if (!can(user, 'queues.view') || user.mustChangePassword || !(await managesOrganizations(user))) throw forbidden();
    board ??= open();
    await board(ctx, next);
  };
}
