import { messageText } from '../../shared/messages';
import type { Context } from 'koa';
import { apiRouter } from './router';
import { LoginSchema, RegisterSchema } from '../../shared/schemas/auth';
import { authenticate, registerResident } from '../commands/accounts';
import { transaction } from '../db/transaction';
import { unauthorized } from '../errors';
import type { User } from '../models';
import { isOperator } from '../policies/operators';
import { worksADesk } from '../policies/visitors';
import { presentUser } from '../presenters/user';
import { parse } from '../validation';

export const authRouter = apiRouter();

/**
 * The signed-in user with what their session knows: `currentPasswordRequired` is false while
 * a temporary password typed at this session's sign-in is being replaced.
 */
const presentSessionUser = async (ctx: Context, user: User) => ({
  ...presentUser(user),
  currentPasswordRequired: !(user.mustChangePassword && ctx.session?.signedInWithTemporaryPassword),
  // Whether the visitors desk is theirs (administrators; suppliers on a property's security staff).
  worksDesk: await worksADesk(user),
  // Whether the operators' screens (/admin/mail, /admin/status) are theirs.
  operator: await isOperator(user),
});

authRouter.get('/user', async (ctx) => {
  if (!ctx.state.user || !ctx.session?.userId) throw unauthorized();
  ctx.body = await presentSessionUser(ctx, ctx.state.user);
});

authRouter.post('/login', async (ctx) => {
  const { username, password } = parse(LoginSchema, ctx.request.body);
  const limiter = ctx.services.loginLimiter;
  await limiter.check(username, ctx.ip);
  const user = await authenticate(username, password);
  if (!user) {
    await limiter.recordFailure(username, ctx.ip);
    throw unauthorized(messageText('invalid_credentials'));
  }
  await limiter.recordSuccess(username, ctx.ip);
  // A new session id at every sign-in (no session fixation), the user's from now on.
  ctx.state.user = user;
  ctx.session!.userId = user.id;
  ctx.session!.signedInWithTemporaryPassword = user.mustChangePassword;
  await ctx.session!.regenerate();
  ctx.body = await presentSessionUser(ctx, user);
});

/**
 * A new Residente account, signed in, that reads nothing but itself until an administrator
 * approves its join request. Limited per IP. The organization is the one whose domain is the
 * host (`X-Forwarded-Host` counts only behind a trusted proxy, TRUST_PROXY), else the default.
 */
authRouter.post('/register', async (ctx) => {
  const input = parse(RegisterSchema, ctx.request.body);
  await ctx.services.registrationLimiter.consume(ctx.ip);
  const user = await transaction((trx) => registerResident(trx, input, ctx.host));
  ctx.state.user = user;
  ctx.session!.userId = user.id;
  await ctx.session!.regenerate();
  ctx.status = 201;
  ctx.body = await presentSessionUser(ctx, user);
});

authRouter.post('/logout', (ctx) => {
  const userId = ctx.session?.userId;
  ctx.session = null; // koa-session deletes the stored session and clears the cookie (and its hint, session/hint.ts)
  // Open sockets reconnect and are admitted only if another session of the user still lives.
  if (userId) ctx.services.disconnectUser(userId);
  ctx.body = { success: true };
});
