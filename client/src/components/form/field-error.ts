import { useTranslation } from 'react-i18next';
import { messageText } from '@shared/messages';

/**
 * The text of a form error in the current language. Shared zod schemas give message keys
 * (`valid_email`); the server's field errors are already texts and pass through unchanged.
 */
export function useFieldError(error: { message?: string } | undefined): string | undefined {
  const { i18n } = useTranslation();
  if (!error?.message) return undefined;
  return messageText(error.message, i18n.language === 'en' ? 'en' : 'es');
}
