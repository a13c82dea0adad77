import { apiRouter } from './router';
import { LogoUploadSchema, SettingsUpdateSchema } from '../../shared/schemas/settings';
import { logoByKey, removeLogo, uploadLogo } from '../commands/organizationLogo';
import { notFound } from '../errors';
import { organizationForRequest, settingsOf, updateSettings } from '../commands/settings';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { authorizeSettings } from '../policies/organizations';
import { presentBranding } from '../presenters/settings';
import { parse } from '../validation';

/** System settings of the organization (storage: commands/settings.ts). */
export const settingsRouter = apiRouter();

/**
 * Public: the sign-in page shows the branding (and hides registration when it is closed)
 * before anyone signs in. Declared before `use(requireUser)`: a router's middleware runs only
 * for the routes declared after it (tests/api/settings.test.ts checks both sides).
 */
settingsRouter.get('/settings/branding', async (ctx) => {
  const user = ctx.session?.userId ? ctx.state.user : undefined;
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = presentBranding(await organizationForRequest(user, ctx.host));
});

/**
 * Public: an uploaded logo by its random key (commands/organizationLogo.ts). A key names one
 * upload for good, so the image may be cached for a year.
 */
settingsRouter.get('/logos/:key', async (ctx) => {
  const logo = await logoByKey(String(ctx.params.key));
  if (!logo) throw notFound();
  ctx.type = logo.fileType;
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = logo.content;
});

settingsRouter.use(requireUser);

settingsRouter.get('/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizeSettings(user);
  ctx.body = await settingsOf(user);
});

settingsRouter.put('/settings', async (ctx) => {
  const input = parse(SettingsUpdateSchema, ctx.request.body);
  const user = currentUser(ctx);
  authorizeSettings(user);
  ctx.body = await transaction((trx) => updateSettings(trx, user, input));
});

/** `{ fileName, fileType, content }` (base64): PNG or JPEG by its bytes, 1 MB at most. */
settingsRouter.put('/settings/logo', async (ctx) => {
  const user = currentUser(ctx);
  authorizeSettings(user);
  const input = parse(LogoUploadSchema, ctx.request.body);
  ctx.body = await transaction((trx) => uploadLogo(trx, user, input));
});

settingsRouter.delete('/settings/logo', async (ctx) => {
  const user = currentUser(ctx);
  authorizeSettings(user);
  ctx.body = await transaction((trx) => removeLogo(trx, user));
});
