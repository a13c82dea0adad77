import { format, parseISO, type Locale } from 'date-fns';
import { enUS, es as esBase } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/messages';

/** Spanish weeks start on Monday, English (US) ones on Sunday (spec section 9). */
const es: Locale = { ...esBase, options: { ...esBase.options, weekStartsOn: 1 } };

export const dateLocales: Record<Language, Locale> = { es, en: enUS };

/** The date-fns locale of the current language, for react-day-picker. */
export function useDateLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? enUS : es;
}

/**
 * The product's date styles, one per kind of moment, in both languages:
 * `day` "22 nov 2026" / "Nov 22, 2026"; `dateTime` "22 nov 2026, 14:05" / "Nov 22, 2026, 2:05 PM";
 * `time` "14:05" / "2:05 PM". Every date on screen goes through here.
 */
const DATE_PATTERNS = { day: 'PP', dateTime: 'PPp', time: 'p' } as const;
export type DateStyle = keyof typeof DATE_PATTERNS;

export function formatDate(value: Date | string | number, style: DateStyle, language: Language): string {
  // parseISO reads a calendar day ("2026-11-22", a join or due date) as that day here, where
  // `new Date` would take midnight UTC: the day before west of Greenwich.
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return format(date, DATE_PATTERNS[style], { locale: dateLocales[language] });
}

/** `const formatDate = useFormatDate(); formatDate(createdAt)`, `formatDate(day, 'day')`. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  return (value: Date | string | number, style: DateStyle = 'dateTime') => formatDate(value, style, language);
}

/** RD$ from integer centavos, and bytes as the spec shows them (one formatter each, in shared/). */
export { formatFileSize, formatMoney } from '@shared/format';
