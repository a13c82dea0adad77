import { useTranslation } from 'react-i18next';
import type { messageText } from '@shared/messages';

/**
 * The texts of the shared schemas' message keys (`valid_email`), all domains and both
 * languages. They come with validation (zod-resolver.ts registers them), not in the first
 * download: a key can only be on screen once a form has validated.
 */
let keyTexts: typeof messageText | undefined;
export const registerMessageTexts = (texts: typeof messageText) => {
  keyTexts = texts;
};

/**
 * The text of a form error in the current language. Shared zod schemas give message keys;
 * the server's field errors are already texts and pass through unchanged.
 */
export function useFieldError(error: { message?: string } | undefined): string | undefined {
  const { i18n } = useTranslation();
  if (!error?.message) return undefined;
  return keyTexts ? keyTexts(error.message, i18n.language === 'en' ? 'en' : 'es') : error.message;
}
