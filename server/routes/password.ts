import { apiRouter } from './router';
import { ForgotPasswordSchema, ResetPasswordSchema, TokenSchema } from '../../shared/schemas/notifications';
import { transaction } from '../db/transaction';
import { describeToken, requestPasswordReset, setPasswordWithToken } from '../notifications/accounts';
import { destroyUserSessions } from '../session/store';
import { parse } from '../validation';

/** Forgotten passwords and invitation links: before sign-in, by the single-use links emailed. */
export const passwordRouter = apiRouter();

export const RESET_REQUESTED =
  'Si existe una cuenta con ese correo, le enviamos un enlace para restablecer la contraseña. Revise su bandeja de entrada.';

/** The same answer whether or not the account exists; limited per email and per IP. */
passwordRouter.post('/password/forgot', async (ctx) => {
  const { username } = parse(ForgotPasswordSchema, ctx.request.body);
  await ctx.services.resetLimiter.consume(username, ctx.ip);
  await transaction((trx) => requestPasswordReset(trx, username));
  ctx.status = 202;
  ctx.body = { message: RESET_REQUESTED };
});

/** What a link's page shows (whose account, invitation or reset); 410 when it no longer works. Wrong links are limited per IP. */
passwordRouter.post('/password/token', async (ctx) => {
  const { token } = parse(TokenSchema, ctx.request.body);
  ctx.body = await ctx.services.guessLimiter.guard('accountLink', { ip: ctx.ip }, () => describeToken(token));
});

/**
 * Sets the password chosen through a link, once. Every session and live connection of the
 * account ends: whoever was signed in with the old password is out.
 */
passwordRouter.post('/password/reset', async (ctx) => {
  const { token, password } = parse(ResetPasswordSchema, ctx.request.body);
  const user = await ctx.services.guessLimiter.guard('accountLink', { ip: ctx.ip }, () => transaction((trx) => setPasswordWithToken(trx, token, password)));
  await destroyUserSessions(user.id);
  ctx.services.disconnectUser(user.id);
  ctx.body = { success: true, username: user.username };
});
