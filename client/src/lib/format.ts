import { format as formatDate, type Locale } from 'date-fns';
import { enUS, es as esBase } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';

/** Spanish weeks start on Monday, English (US) ones on Sunday (spec section 9). */
const es: Locale = { ...esBase, options: { ...esBase.options, weekStartsOn: 1 } };

export const dateLocales = { es, en: enUS } as const;

/** The date-fns locale of the current language, for `format` and react-day-picker. */
export function useDateLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? enUS : es;
}

/** A date-fns formatter in the current language: `const fmt = useFormatDate(); fmt(date, 'PPp')`. */
export function useFormatDate() {
  const locale = useDateLocale();
  return (value: Date | string | number, pattern = 'PPp') => formatDate(new Date(value), pattern, { locale });
}

const money = new Intl.NumberFormat('es-DO', { style: 'currency', currency: 'DOP' });

/** Integer centavos as RD$ with two decimals: formatMoney(1250050) -> "RD$12,500.50". */
export const formatMoney = (centavos: number) => money.format(centavos / 100);

/** Bytes as the spec shows them (B, KB, MB with one decimal). */
export { formatFileSize } from '@shared/format';
