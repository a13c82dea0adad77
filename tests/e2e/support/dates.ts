import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { TIME_ZONE } from '../../../shared/time';

/** Now as a date whose date-fns arithmetic (days, months) is the organization's, as the screens show it. */
export const nowThere = () => TZDate.tz(TIME_ZONE);

/** A day as every screen writes it in Spanish, in the organization's zone: "22 nov 2026". */
export const shownDay = (date: Date) => format(date, 'd MMM yyyy', { locale: es, in: tz(TIME_ZONE) });

/** A day as the calendar (react-day-picker) names its button: "22 de noviembre de 2026". */
export const calendarDay = (date: Date) => format(date, "d 'de' MMMM 'de' yyyy", { locale: es, in: tz(TIME_ZONE) });
