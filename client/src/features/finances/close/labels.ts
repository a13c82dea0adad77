import type { Language } from '@shared/messages';

/** 'YYYY-MM' as people read it in the screen's language ("octubre de 2026"). */
export function monthLabel(month: string, language: Language) {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
  return date.toLocaleDateString(language === 'es' ? 'es-DO' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

