import type { Branding } from '../../shared/schemas/settings';
import { organizationForRequest } from '../commands/settings';
import { presentBranding } from '../presenters/settings';
import { apiRouter } from './router';

/** The web app manifest of the organization the request is for: its name, colours and icon. */
export const appManifestRouter = apiRouter();

/** An icon from the organization's logo (an image address), else Vecindad's own. */
function iconsOf(branding: Branding) {
  const logo = branding.logo && /^(https?:|data:image\/|\/)/.test(branding.logo) ? branding.logo : null;
  if (!logo) return [{ src: '/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }];
  const type = /^data:(image\/[\w.+-]+)/.exec(logo)?.[1] ?? (/\.svg(\?|$)/.test(logo) ? 'image/svg+xml' : /\.png(\?|$)/.test(logo) ? 'image/png' : undefined);
  return [{ src: logo, sizes: 'any', ...(type ? { type } : {}), purpose: 'any' }];
}

/** Public (the browser asks before anyone signs in): `/api/manifest.webmanifest`. */
appManifestRouter.get('/manifest.webmanifest', async (ctx) => {
  const user = ctx.session?.userId ? ctx.state.user : undefined;
  const branding = presentBranding(await organizationForRequest(user, ctx.host));
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'application/manifest+json';
  ctx.body = JSON.stringify({
    id: '/',
    name: branding.appName,
    short_name: branding.appName.slice(0, 12),
    description: branding.appDescription,
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: branding.primaryColor,
    background_color: branding.backgroundColor,
    icons: iconsOf(branding),
  });
});
