import type { Context } from 'koa';
import { apiRouter } from './router';
import { isAdministrator } from '../../shared/permissions';
import {
  AccountDeleteSchema,
  AvatarUploadSchema,
  PasswordChangeSchema,
  PreferencesUpdateSchema,
  ProfileUpdateSchema,
} from '../../shared/schemas/auth';
import { changePassword, deleteAccount, exportAccount, updateProfile } from '../commands/accounts';
import { transaction } from '../db/transaction';
import { sendFile, sendImage } from '../files/download';
import { WrongPasswordError, badRequest, notFound, payloadTooLarge } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { User } from '../models';
import { preferencesOf, presentUser } from '../presenters/user';
import { destroyUserSessions } from '../session/store';
import { decodeBase64, sniffMimeType } from '../services/files';
import { messageText } from '../../shared/messages';
import { idParam, parse } from '../validation';
import { whereOrganizationReachable } from '../policies/tenancy';

/** The signed-in user's own account: profile, password, preferences, photo, export, deletion. */
export const accountRouter = apiRouter();
accountRouter.use(requireUser);

accountRouter.put('/user/profile', async (ctx) => {
  const input = parse(ProfileUpdateSchema, ctx.request.body);
  const user = await transaction((trx) => updateProfile(trx, currentUser(ctx), input));
  ctx.body = presentUser(user);
});

/**
 * Runs `work`, which checks the caller's own password, counted like a sign-in
 * (services/loginLimiter.ts): refused while the account's attempts are used up, and a wrong
 * password is a failed attempt.
 */
async function withOwnPassword<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
  const limiter = ctx.services.loginLimiter;
  const { username } = currentUser(ctx);
  await limiter.check(username, ctx.ip);
  try {
    return await work();
  } catch (error) {
    if (error instanceof WrongPasswordError) await limiter.recordFailure(username, ctx.ip);
    throw error;
  }
}

/**
 * `{ currentPassword, newPassword }`; right after signing in with a temporary password the
 * current one is not asked again (it was typed at this session's sign-in). Every other
 * session of the account ends, with its live connections.
 */
accountRouter.put('/user/password', async (ctx) => {
  const { currentPassword, newPassword } = parse(PasswordChangeSchema, ctx.request.body);
  const user = currentUser(ctx);
  const currentVerified = user.mustChangePassword && Boolean(ctx.session?.signedInWithTemporaryPassword);
  await withOwnPassword(ctx, () => transaction((trx) => changePassword(trx, user, { currentPassword, newPassword, currentVerified })));
  ctx.session!.signedInWithTemporaryPassword = false;
  await destroyUserSessions(user.id, ctx.session?.externalKey);
  ctx.services.disconnectUser(user.id, { exceptSession: ctx.session?.externalKey });
  ctx.body = { success: true };
});

accountRouter.put('/user/preferences', async (ctx) => {
  const input = parse(PreferencesUpdateSchema, ctx.request.body);
  const user = currentUser(ctx);
  const current = preferencesOf(user);
  const preferences = {
    notifications: { ...current.notifications, ...input.notifications },
    privacy: { ...current.privacy, ...input.privacy },
  };
  const updated = await user.$query().patchAndFetch({ preferences, ...(input.language ? { language: input.language } : {}) });
  ctx.body = presentUser(updated);
});

const MAX_AVATAR_BYTES = 1024 * 1024;

accountRouter.put('/user/avatar', async (ctx) => {
  const { fileType, content } = parse(AvatarUploadSchema, ctx.request.body);
  const bytes = decodeBase64(content);
  if (!bytes?.length) throw badRequest(messageText('invalid_base64'), 'invalid_base64', { content: messageText('invalid_file') });
  if (bytes.length > MAX_AVATAR_BYTES) throw payloadTooLarge(messageText('avatar_too_large'));
  if ((await sniffMimeType(bytes)) !== fileType) {
    throw badRequest(messageText('avatar_invalid_type'), 'invalid_type', { fileType: messageText('avatar_invalid_type') });
  }
  const updated = await currentUser(ctx).$query().patchAndFetch({ avatar: bytes, avatarType: fileType });
  ctx.body = presentUser(updated);
});

accountRouter.delete('/user/avatar', async (ctx) => {
  const updated = await currentUser(ctx).$query().patchAndFetch({ avatar: null, avatarType: null });
  ctx.body = presentUser(updated);
});

/** A user's photo, for anyone of the organizations the viewer reaches. */
accountRouter.get('/users/:id/avatar', async (ctx) => {
  const viewer = currentUser(ctx);
  const query = User.query().findById(idParam(ctx.params.id)).select('avatar', 'avatarType');
  if (!isAdministrator(viewer)) query.where('organizationId', viewer.organizationId);
  else whereOrganizationReachable(query, 'organizationId', viewer);
  const row = await query;
  if (!row?.avatar || !row.avatarType) throw notFound();
  sendImage(ctx, row.avatar, row.avatarType);
});

accountRouter.get('/user/export', async (ctx) => {
  const user = currentUser(ctx);
  sendFile(ctx, JSON.stringify(await exportAccount(user)), 'application/json', `vecindad-datos-${user.id}.json`);
});

accountRouter.delete('/user', async (ctx) => {
  const { password } = parse(AccountDeleteSchema, ctx.request.body);
  const user = currentUser(ctx);
  await withOwnPassword(ctx, () => transaction((trx) => deleteAccount(trx, user, password)));
  ctx.session = null;
  ctx.services.disconnectUser(user.id);
  ctx.body = { success: true };
});
