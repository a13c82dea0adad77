/**
 * English left in Spanish text: words of English that are not Spanish words too (so no "a",
 * "no", "error", "total", "general"...). Used on the locale files and on the screens.
 */
const ENGLISH_WORDS = [
  'the', 'and', 'you', 'your', 'please', 'failed', 'page', 'found', 'download', 'downloading', 'upload', 'uploaded', 'started',
  'file', 'password', 'required', 'must', 'least', 'characters', 'delete', 'deleted', 'save', 'saved', 'cancel', 'update',
  'updated', 'loading', 'previous', 'next', 'more', 'current', 'close', 'document', 'search', 'settings', 'invalid', 'this',
  'that', 'with', 'from', 'have', 'there', 'was', 'were', 'will', 'is', 'are', 'of', 'to', 'it', 'at', 'be', 'by', 'or', 'an',
  'for', 'new', 'add', 'edit', 'view', 'show', 'successfully', 'forget', 'did', 'not', 'name', 'email', 'valid', 'only', 'user',
  'users', 'unit', 'units', 'property', 'properties', 'message', 'messages', 'notice', 'notices', 'sign', 'account', 'toggle',
  'navigation', 'menu', 'open', 'dismiss', 'notifications',
];
const ENGLISH = new RegExp(`(?<![\\p{L}\\d'’@.-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\d'’@-])`, 'giu');

/** The English words of a Spanish text ({{placeholders}} left out). */
export const englishWordsIn = (text: string) => text.replace(/\{\{[^}]*\}\}|\{\w+\}/g, ' ').match(ENGLISH) ?? [];
