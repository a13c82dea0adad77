import type { Branding } from '../../shared/schemas/settings';
import { organizationForRequest } from '../commands/settings';
import { presentBranding } from '../presenters/settings';
import { appIcon, iconVersion, isIconFile, loadSharp } from '../files/appIcons';
import { notFound } from '../errors';
import { apiRouter } from './router';

/** The web app manifest of the organization the request is for: its name, colours and icon. */
export const appManifestRouter = apiRouter();

/** The icons drawn from the organization's logo (or Vecindad's), as PNG at the sizes phones ask for. */
async function iconsOf(branding: Branding) {
  if (!(await loadSharp())) return [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }];
  const version = iconVersion(branding.logo, branding.backgroundColor);
  return [
    { src: `/api/manifest/icons/192.png?v=${version}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: `/api/manifest/icons/512.png?v=${version}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: `/api/manifest/icons/maskable-512.png?v=${version}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
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
    icons: await iconsOf(branding),
  });
});

/**
 * Public, like the manifest: `/api/manifest/icons/{192,512,maskable-512}.png` for the
 * organization the request is for. The manifest's URLs carry the logo's version (`v`), so a
 * browser keeps an icon a week and a new logo is new URLs.
 */
appManifestRouter.get('/manifest/icons/:file', async (ctx) => {
  const file = ctx.params.file;
  if (!isIconFile(file) || !(await loadSharp())) throw notFound();
  const user = ctx.session?.userId ? ctx.state.user : undefined;
  const branding = presentBranding(await organizationForRequest(user, ctx.host));
  const icon = await appIcon(branding.logo, branding.backgroundColor, file);
  ctx.set('Cache-Control', 'public, max-age=604800');
  ctx.vary('Cookie');
  ctx.etag = icon.etag;
  ctx.type = 'image/png';
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = icon.png;
});
