import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { EXPORT_TEXTS, type ExportFile, type Language } from '../../shared/messages';

/**
 * A file's name in the user's language: the base name of `file`, then `suffix` (a day, a unit
 * number) with anything but letters, digits, dashes and underscores made `_`.
 */
export const downloadName = (language: Language, file: ExportFile, suffix: string, extension: string) =>
  `${EXPORT_TEXTS[language].files[file]}-${suffix.replace(/[^\w-]+/g, '_')}.${extension}`;

/** "guía 2º.pdf" -> "guia 2o.pdf": accents dropped, anything else outside ASCII replaced. */
export const asciiFileName = (name: string) =>
  name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');

/**
 * Answers a file: a download (`attachment`) by default, or shown in the browser (`inline`),
 * never kept by shared caches (`cache`: how long the browser may keep it; by default it asks
 * every time). Browsers take the exact name from filename*=UTF-8''...; old ones the ASCII
 * fallback (the same name when it is ASCII already). A stream's `length`, when known, is sent as
 * Content-Length. The type is what the content was checked to be: never sniffed.
 */
export function sendFile(
  ctx: Context,
  body: Buffer | string | Readable,
  type: string,
  fileName: string,
  { inline = false, length, cache = 'private, no-cache' }: { inline?: boolean; length?: number; cache?: string } = {},
) {
  ctx.attachment(fileName, { type: inline ? 'inline' : 'attachment', fallback: asciiFileName(fileName) });
  ctx.type = type;
  if (length !== undefined) ctx.length = length;
  ctx.set('Cache-Control', cache);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = body;
}

/** Answers a PDF (files/pdf.ts's) as a download named `fileName`. */
export const sendPdf = (ctx: Context, fileName: string, pdf: Buffer) => sendFile(ctx, pdf, 'application/pdf', fileName);

/**
 * Answers stored image bytes a page shows (an avatar, a property's photo): kept a day by the
 * browser only; their URLs carry a version, so a new image is fetched again.
 */
export function sendImage(ctx: Context, body: Buffer, type: string) {
  ctx.type = type;
  ctx.set('Cache-Control', 'private, max-age=86400');
  ctx.body = body;
}
