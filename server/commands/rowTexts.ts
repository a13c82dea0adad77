import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';
import { TIME_ZONE } from '../../shared/time';

/**
 * Dates inside the texts the server writes into rows (a charge's description): they are read
 * as written by everyone, on screen, in CSVs and on PDFs, so they use the organization's
 * language (Spanish: organizations have no language of their own) and the client's date
 * styles (client/src/lib/format.ts): "4 dic 2026", "4 dic 2026, 20:00", "noviembre 2026".
 * Never "2026-12-04 20:00" or "11/2026".
 */
const options = { locale: es };

/** A calendar day ('YYYY-MM-DD'): "4 dic 2026". */
export const dayText = (day: string) => format(parseISO(day), 'PP', options);

/** An instant, at the organization's wall-clock time: "4 dic 2026, 20:00". */
export const momentText = (instant: Date) => format(instant, 'PPp', { ...options, in: tz(TIME_ZONE) });

/** A month (its first day, 'YYYY-MM-01'): "noviembre 2026". */
export const monthText = (period: string) => format(parseISO(period), 'LLLL yyyy', options);
