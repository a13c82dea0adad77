import { messageText } from '../../shared/messages';
import type { Context, Next } from 'koa';
import { AppError, unauthorized } from '../errors';
import type { User } from '../models';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

// While a temporary password is in force, only these calls are allowed.
const ALLOWED_WITH_TEMPORARY_PASSWORD = new Set(['GET /api/user', 'PUT /api/user/password', 'POST /api/logout']);

/**
 * While an account waits for approval (policies/access.ts) it reaches only itself: its own
 * account (/api/user...), its photo, its inbox, and signing out.
 */
function allowedWhileAwaiting(ctx: Context, user: User) {
  return (
    ctx.path === '/api/user' ||
    ctx.path.startsWith('/api/user/') ||
    ctx.path === `/api/users/${user.id}/avatar` ||
    ctx.path === '/api/notifications' ||
    ctx.path.startsWith('/api/notifications/') ||
    ctx.path === '/api/logout'
  );
}

/** The signed-in user (loaded with the session, see session/store.ts), or 401. */
export async function requireUser(ctx: Context, next: Next) {
  const user = ctx.state.user;
  if (!user || !ctx.session?.userId) throw unauthorized();
  if (user.mustChangePassword && !ALLOWED_WITH_TEMPORARY_PASSWORD.has(`${ctx.method} ${ctx.path}`)) {
    throw new AppError(403, 'password_change_required', messageText('password_change_required'));
  }
  if (user.access === 'awaiting' && !allowedWhileAwaiting(ctx, user)) {
    throw new AppError(403, 'approval_pending', messageText('awaiting_approval'));
  }
  await next();
}

/** The signed-in user of a route behind requireUser. */
export function currentUser(ctx: Context): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
