import { differenceInCalendarDays } from 'date-fns';
import type { TFunction } from 'i18next';
import { inZone } from '@client/lib/format';

/**
 * Spec section 9, last modified: today, yesterday, days under 7, weeks under 30 days, months
 * under 365, then years (in calendar days of the organization's zone).
 */
export function relativeAge(value: string | Date, now: Date, t: TFunction<'documents'>): string {
  const days = Math.max(0, differenceInCalendarDays(now, value, { in: inZone }));
  if (days === 0) return t('age.today');
  if (days === 1) return t('age.yesterday');
  if (days < 7) return t('age.days', { count: days });
  if (days < 30) return t('age.weeks', { count: Math.floor(days / 7) });
  if (days < 365) return t('age.months', { count: Math.floor(days / 30) });
  return t('age.years', { count: Math.floor(days / 365) });
}
