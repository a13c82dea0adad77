import { COMMON_MESSAGES } from './common';
import { AUTH_MESSAGES } from './auth';
import { PROPERTIES_MESSAGES } from './properties';
import { BROADCASTS_MESSAGES } from './broadcasts';
import { DOCUMENTS_MESSAGES } from './documents';
import { ORGANIZATIONS_MESSAGES } from './organizations';
import { NOTIFICATIONS_MESSAGES } from './notifications';
import { BILLING_MESSAGES } from './billing';
import { ACCESS_MESSAGES } from './access';
import { MAINTENANCE_MESSAGES } from './maintenance';
import { BOOKINGS_MESSAGES } from './bookings';
import { VISITORS_MESSAGES } from './visitors';

/**
 * Validation messages. Shared zod schemas name a message by its key; the server answers with
 * the Spanish text (the spec's wording) and the client shows the text of the user's language.
 * Each domain keeps its messages in its own file here.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...AUTH_MESSAGES,
  ...PROPERTIES_MESSAGES,
  ...BROADCASTS_MESSAGES,
  ...DOCUMENTS_MESSAGES,
  ...ORGANIZATIONS_MESSAGES,
  ...NOTIFICATIONS_MESSAGES,
  ...BILLING_MESSAGES,
  ...ACCESS_MESSAGES,
  ...MAINTENANCE_MESSAGES,
  ...BOOKINGS_MESSAGES,
  ...VISITORS_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Language = 'es' | 'en';

export { MAINTENANCE_LABELS } from './maintenance';
export { VISITOR_LABELS } from './visitors';

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

/** The text of a message key; anything that is not a key is returned unchanged. */
export function messageText(keyOrText: string, lang: Language = 'es'): string {
  return isMessageKey(keyOrText) ? MESSAGES[keyOrText][lang] : keyOrText;
}
