import { apiRouter } from './router';
import { SettingsUpdateSchema } from '../../shared/schemas/settings';
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
