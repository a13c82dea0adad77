import { tz } from '@date-fns/tz';
import { format, parseISO, type Day, type Locale } from 'date-fns';
import { enUS, es as esBase } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/messages';
import { TIME_ZONE } from '@shared/time';

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
 * `time` "14:05" / "2:05 PM"; `weekday`, a day within a sentence, "domingo 22 de noviembre" /
 * "Sunday, November 22"; `dayButton`, a day among a week's buttons, "lun 22 nov" / "Mon, Nov 22".
 * Every date on screen goes through here.
 */
const DATE_PATTERNS: Record<'day' | 'dateTime' | 'time' | 'weekday' | 'dayButton', string | Record<Language, string>> = {
  day: 'PP',
  // A day on a button among the week's (a calendar's day picker): "lun 22 nov" / "Mon, Nov 22".
  dayButton: { es: 'EEE d MMM', en: 'EEE, MMM d' },
  dateTime: 'PPp',
  time: 'p',
  weekday: { es: "EEEE d 'de' MMMM", en: 'EEEE, MMMM d' },
};
export type DateStyle = keyof typeof DATE_PATTERNS;

/** date-fns' context for days and times in the organization's zone, whatever the browser's. */
export const inZone = tz(TIME_ZONE);

/** A calendar day or wall-clock time without a zone ("2026-11-22", "2026-11-22T12:00"), not an instant. */
const FLOATING = /^\d{4}-\d{2}-\d{2}(T[\d:.]+)?$/;

export function formatDate(value: Date | string | number, style: DateStyle, language: Language): string {
  const options = { locale: dateLocales[language] };
  const pattern = DATE_PATTERNS[style];
  const inLanguage = typeof pattern === 'string' ? pattern : pattern[language];
  // A calendar day (a due or join date) is that day everywhere; an instant is shown as the
  // wall-clock time of the organization's zone (parseISO reads a day as that day here, where
  // `new Date` would take midnight UTC: the day before west of Greenwich).
  if (typeof value === 'string' && FLOATING.test(value)) return format(parseISO(value), inLanguage, options);
  return format(value, inLanguage, { ...options, in: inZone });
}

/** An ISO weekday (1 Monday … 7 Sunday) by its name within a sentence: "lunes" / "Monday". */
export const weekdayName = (weekday: number, language: Language) => dateLocales[language].localize.day((weekday % 7) as Day, { width: 'wide' });

/** Names as a sentence joins them: "A, B y C" / "A, B, and C". */
export const formatList = (items: string[], language: Language) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

/** `const formatDate = useFormatDate(); formatDate(createdAt)`, `formatDate(day, 'day')`. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  return (value: Date | string | number, style: DateStyle = 'dateTime') => formatDate(value, style, language);
}

/** RD$ from integer centavos, and bytes as the spec shows them (one formatter each, in shared/). */
export { formatFileSize, formatMoney } from '@shared/format';

/**
 * A length of time in hours when it is whole hours ("2 horas"), else hours and minutes
 * ("1 hora y 30 minutos") or minutes ("45 minutos"): `const formatDuration = useFormatDuration()`.
 */
export function useFormatDuration() {
  const { t } = useTranslation();
  return (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (!hours) return t('duration.minutes', { count: rest });
    if (!rest) return t('duration.hours', { count: hours });
    return t('duration.both', { hours: t('duration.hours', { count: hours }), minutes: t('duration.minutes', { count: rest }) });
  };
}
