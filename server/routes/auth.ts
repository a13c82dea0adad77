import { apiRouter } from './router';
import { LoginSchema, RegisterSchema } from '../../shared/schemas/auth';
import { authenticate, registerResident } from '../commands/accounts';
import { transaction } from '../db/transaction';
import { unauthorized } from '../errors';
import { presentUser } from '../presenters/user';
import { parse } from '../validation';

export const authRouter = apiRouter();

const INVALID_CREDENTIALS = 'Correo electrónico o contraseña incorrectos';

authRouter.get('/user', (ctx) => {
  if (!ctx.state.user || !ctx.session?.userId) throw unauthorized();
  ctx.body = presentUser(ctx.state.user);
});

authRouter.post('/login', async (ctx) => {
  const { username, password } = parse(LoginSchema, ctx.request.body);
  const limiter = ctx.services.loginLimiter;
  await limiter.check(username, ctx.ip);
  const user = await authenticate(username, password);
  if (!user) {
    await limiter.recordFailure(username, ctx.ip);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await limiter.recordSuccess(username, ctx.ip);
  // A new session id at every sign-in (no session fixation).
  ctx.session!.userId = user.id;
  await ctx.session!.regenerate();
  ctx.body = presentUser(user);
});

authRouter.post('/register', async (ctx) => {
  const input = parse(RegisterSchema, ctx.request.body);
  const user = await transaction((trx) => registerResident(trx, input, ctx.host));
  ctx.session!.userId = user.id;
  await ctx.session!.regenerate();
  ctx.status = 201;
  ctx.body = presentUser(user);
});

authRouter.post('/logout', (ctx) => {
  const userId = ctx.session?.userId;
  ctx.session = null; // koa-session deletes the stored session and clears the cookie
  // Open sockets reconnect and are admitted only if another session of the user still lives.
  if (userId) ctx.services.disconnectUser(userId);
  ctx.body = { success: true };
});
