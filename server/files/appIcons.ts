import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config, type Config } from '../config';
import { logger } from '../logger';

/**
 * The installable app's icons (docs/modules/push.md): PNGs at the sizes phones ask for, drawn
 * from the organization's logo (an address: a file of the built client, or http(s)) or
 * Vecindad's own. `sharp` (libvips, prebuilt binaries from npm) rasterises SVG logos and
 * resizes PNG/JPEG/WebP ones: neither is reasonable to write by hand.
 *
 * - `any`: the logo centred on a transparent square;
 * - `maskable`: the logo inside the safe zone (the middle 80 % circle a phone's mask keeps) on
 *   the organization's background colour.
 *
 * Drawn icons are kept in memory (a few dozen, an hour), so a manifest fetched by every
 * phone costs one drawing; the URLs carry a version of the logo and colour, so browsers keep
 * them a week (routes/appManifest.ts). A logo that cannot be read or drawn falls back to the
 * default one: an icon is never an error.
 */
export const ICON_FILES = { '192.png': { size: 192, maskable: false }, '512.png': { size: 512, maskable: false }, 'maskable-512.png': { size: 512, maskable: true } } as const;
export type IconFile = keyof typeof ICON_FILES;
export const isIconFile = (name: string): name is IconFile => Object.hasOwn(ICON_FILES, name);

const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const CACHE_ENTRIES = 48;
const CACHE_MS = 60 * 60 * 1000;
/** The maskable safe zone is a circle of 80 % of the side: a square of 56 % fits inside it. */
const MASKABLE_LOGO_SHARE = 0.56;
const SOURCE_LOGO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/public/favicon.svg');
/** Vecindad's own mark (the square favicon, not the wide wordmark): the built client's copy, else the source's (a server without a build). */
const defaultLogo = (cfg: Config) => fs.readFile(path.join(cfg.clientDir, 'favicon.svg')).catch(() => fs.readFile(SOURCE_LOGO));

type Drawn = { png: Buffer; etag: string; at: number };

type Sharp = (typeof import('sharp'))['default'];
let sharpLoaded: Promise<Sharp | null> | undefined;
/**
 * sharp loads its native binary (an optional package per platform) when imported: loaded at
 * the first icon, so a server installed without optional packages (the Docker image) still
 * starts; there the manifest names the SVG mark instead (routes/appManifest.ts).
 */
export const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(
    (module) => module.default,
    (error) => {
      logger.warn({ err: error }, 'app icons: sharp is not installed for this platform, the manifest names the SVG mark');
      return null;
    },
  ));
const cache = new Map<string, Drawn>();

/** A short version of what an icon is drawn from: it changes with the logo or the colour. */
export const iconVersion = (logo: string | null, background: string) => createHash('sha256').update(`${logo ?? ''}|${background}`).digest('base64url').slice(0, 12);

/** The logo's bytes: a file of the built client, an http(s) address (https only in production), or the default. */
async function logoBytes(logo: string | null, cfg: Config): Promise<Buffer | null> {
  if (!logo) return null;
  if (logo.startsWith('/') && !logo.startsWith('//')) {
    const file = path.resolve(cfg.clientDir, `.${decodeURIComponent(logo.split('?')[0])}`);
    if (!file.startsWith(path.resolve(cfg.clientDir) + path.sep)) return null;
    return fs.readFile(file).catch(() => null);
  }
  if (!(cfg.isProduction ? /^https:\/\//.test(logo) : /^https?:\/\//.test(logo))) return null;
  const response = await fetch(logo, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok || !response.body) return null;
  const chunks: Buffer[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > MAX_LOGO_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** Draws one icon from image bytes (SVG rendered sharp at the target size). */
async function draw(bytes: Buffer, size: number, maskable: boolean, background: string): Promise<Buffer> {
  const sharp = await loadSharp();
  if (!sharp) throw new Error('sharp is not installed for this platform');
  const inner = maskable ? Math.round(size * MASKABLE_LOGO_SHARE) : size;
  const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
  const density = meta.format === 'svg' && meta.width && meta.height ? Math.min(2400, Math.ceil((72 * inner) / Math.min(meta.width, meta.height))) : undefined;
  const logo = await sharp(bytes, { limitInputPixels: 40_000_000, ...(density ? { density } : {}) })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: maskable ? background : { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The icon `file` for this logo and background colour (from the cache when drawn lately). */
export async function appIcon(logo: string | null, background: string, file: IconFile, cfg: Config = config): Promise<{ png: Buffer; etag: string }> {
  const key = `${file}|${iconVersion(logo, background)}|${logo ?? ''}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit;
  const { size, maskable } = ICON_FILES[file];
  let png: Buffer;
  try {
    const bytes = await logoBytes(logo, cfg);
    png = await draw(bytes ?? (await defaultLogo(cfg)), size, maskable, background);
  } catch (error) {
    logger.warn({ err: error, logo }, 'app icon: the logo could not be drawn, the default one is used');
    png = await draw(await defaultLogo(cfg), size, maskable, background);
  }
  const drawn = { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 20)}"`, at: Date.now() };
  cache.delete(key);
  cache.set(key, drawn);
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return drawn;
}
