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
import { FINANCES_MESSAGES } from './finances';
import { FINANCES_BOOKS_MESSAGES } from './financesBooks';
import { FINANCES_BANK_MESSAGES } from './financesBank';
import { FINANCES_CLOSE_MESSAGES } from './financesClose';
import { FINANCES_FILES_MESSAGES } from './financesFiles';
import { PACKAGES_MESSAGES } from './packages';
import { ASSEMBLIES_MESSAGES } from './assemblies';
import { ONBOARDING_MESSAGES } from './onboarding';
import { AGREEMENT_MESSAGES, COLLECTIONS_MESSAGES } from './collections';
import { PUSH_MESSAGES } from './push';

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
  ...FINANCES_MESSAGES,
  ...FINANCES_BOOKS_MESSAGES,
  ...FINANCES_BANK_MESSAGES,
  ...FINANCES_CLOSE_MESSAGES,
  ...FINANCES_FILES_MESSAGES,
  ...PACKAGES_MESSAGES,
  ...ASSEMBLIES_MESSAGES,
  ...ONBOARDING_MESSAGES,
  ...COLLECTIONS_MESSAGES,
  ...AGREEMENT_MESSAGES,
  ...PUSH_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Language = 'es' | 'en';

export { MAINTENANCE_LABELS } from './maintenance';
export { VISITOR_LABELS } from './visitors';
export { FINANCES_LABELS, expenseCategoryLabel } from './financesFiles';
export { PACKAGE_LABELS } from './packages';
export { EXPORT_TEXTS, type ExportColumn, type ExportFile } from './exports';

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

/** A message's text in `lang` with its `{name}` placeholders filled from `values`. */
export const messageWith = (key: MessageKey, values: Record<string, string>, lang: Language = 'es') =>
  (MESSAGES[key][lang] as string).replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);

// The server builds its answers' texts in Spanish (messageText(key)): each leads back to its key.
let keysOfSpanish: Map<string, MessageKey> | undefined;
const keyOfSpanish = (text: string) =>
  (keysOfSpanish ??= new Map(Object.entries(MESSAGES).map(([key, texts]) => [texts.es as string, key as MessageKey]))).get(text);

/**
 * The text in `lang` of a message key, or of a message given by its Spanish text (what the
 * server's errors carry); anything else is returned unchanged.
 */
export function messageText(keyOrText: string, lang: Language = 'es'): string {
  const key = isMessageKey(keyOrText) ? keyOrText : lang === 'es' ? undefined : keyOfSpanish(keyOrText);
  return key ? MESSAGES[key][lang] : keyOrText;
}
