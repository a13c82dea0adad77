import type { TFunction } from 'i18next';
import { formatDate, formatList, weekdayName } from '@client/lib/format';
import type { Language } from '@shared/messages';
import type { VisitorView } from '@shared/schemas/visitors';
import { dayOf, todayThere } from '@shared/time';

/**
 * The days of a pass the desk refuses as "not today", in a sentence: the day of a pass for a
 * later day ("El pase es para el sábado 29 de noviembre"), the first day and weekdays of a
 * recurring one that has not started, or the weekdays of one that has. Days of the
 * organization's zone. Null for a walk-in waiting for its host (it has no other day).
 */
export function passDays(visitor: Pick<VisitorView, 'status' | 'validFrom' | 'weekdays'>, t: TFunction, language: Language): string | null {
  if (visitor.status === 'pending') return null;
  const days = visitor.weekdays && formatList(visitor.weekdays.map((weekday) => weekdayName(weekday, language)), language);
  if (visitor.validFrom && dayOf(new Date(visitor.validFrom)) > todayThere()) {
    const day = formatDate(visitor.validFrom, 'weekday', language);
    return days ? t('desk.passStarts', { day, days }) : t('desk.passFor', { day });
  }
  return days ? t('desk.passWeekdays', { days }) : null;
}
