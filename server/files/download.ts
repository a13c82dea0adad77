import type { Context } from 'koa';
import { EXPORT_TEXTS, type ExportFile, type Language } from '../../shared/messages';

/**
 * A file's name in the user's language: the base name of `file`, then `suffix` (a day, a unit
 * number) with anything but letters, digits, dashes and underscores made `_`.
 */
export const downloadName = (language: Language, file: ExportFile, suffix: string, extension: string) =>
  `${EXPORT_TEXTS[language].files[file]}-${suffix.replace(/[^\w-]+/g, '_')}.${extension}`;

/**
 * Answers a file: a download (`attachment`) by default, or shown in the browser (`inline`),
 * never kept by shared caches.
 */
export function sendFile(ctx: Context, body: Buffer | string, type: string, fileName: string, { inline = false } = {}) {
  ctx.attachment(fileName, { type: inline ? 'inline' : 'attachment' });
  ctx.type = type;
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = body;
}
