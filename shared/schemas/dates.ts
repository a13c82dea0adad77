import { z } from 'zod';
import { DAY_PATTERN, dayEnd, dayStart } from '../time';

/**
 * The one way a request gives a day or an instant. A day is 'YYYY-MM-DD' and exists on the
 * calendar (no 2026-02-30, no 2026-11-31: never read as the next month's day). An instant is an
 * ISO date-time with its offset ('2026-12-05T10:00:00-04:00' or 'Z') or, from a form, a Date.
 * Both lie between the first day of 1900 and the last of 2100 in the organization's zone: every
 * function of shared/time.ts answers for such dates, none throws a RangeError.
 */

/** The first and last days a request may name. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2100-12-31';
const FIRST_INSTANT = dayStart(FIRST_DAY).getTime();
const LAST_INSTANT = dayEnd(LAST_DAY).getTime();

const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** Whether 'YYYY-MM-DD' (of years 1900..2100) is a day of the calendar. */
function isCalendarDay(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  const read = new Date(Date.UTC(year, month - 1, date));
  return read.getUTCFullYear() === year && read.getUTCMonth() === month - 1 && read.getUTCDate() === date;
}

const inDayRange = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;
const inInstantRange = (instant: Date) => instant.getTime() >= FIRST_INSTANT && instant.getTime() <= LAST_INSTANT;

type Reading<T> = T | 'invalid' | 'out_of_range';
const readDay = (value: string): Reading<string> => (!DAY_PATTERN.test(value) ? 'invalid' : !inDayRange(value) ? 'out_of_range' : isCalendarDay(value) ? value : 'invalid');

function readInstant(value: Date | string, bareDay: boolean): Reading<Date> {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid' : inInstantRange(value) ? value : 'out_of_range';
  if (bareDay && DAY_PATTERN.test(value)) {
    const day = readDay(value);
    return day === 'invalid' || day === 'out_of_range' ? day : dayStart(day);
  }
  const match = INSTANT.exec(value);
  if (!match) return 'invalid';
  const instant = new Date(value);
  if (readDay(match[1]) === 'invalid' || Number.isNaN(instant.getTime())) return 'invalid';
  return inInstantRange(instant) ? instant : 'out_of_range';
}

/** The issue of a value read as 'invalid' (the field's own message) or 'out_of_range'. */
function refuse(ctx: z.RefinementCtx, reading: 'invalid' | 'out_of_range', key: string) {
  ctx.addIssue({ code: 'custom', message: reading === 'invalid' ? key : 'date_out_of_range' });
  return z.NEVER;
}

/**
 * A calendar day 'YYYY-MM-DD' of 1900..2100. `key`: the message of a missing, malformed or
 * impossible one ("Indique la fecha de vencimiento"); out of the range: `date_out_of_range`.
 */
export const dayField = (key = 'day_invalid') =>
  z.string({ error: key }).transform((value, ctx) => {
    const day = readDay(value);
    return day === 'invalid' || day === 'out_of_range' ? refuse(ctx, day, key) : day;
  });

/**
 * An instant (a Date) of 1900..2100 in the organization's zone, given as an ISO date-time with
 * its offset or a Date. With `bareDay`, a day 'YYYY-MM-DD' is taken too: the start of that day in
 * the organization's zone. `key`: the message of a missing, malformed or impossible one.
 */
export const instantField = (key = 'date_invalid', { bareDay = false } = {}) =>
  // Every refusal aborts: the refinements of the enclosing object never see a value that is not a Date.
  z.union([z.date({ error: key }), z.string({ error: key }).max(40, { error: key, abort: true })], { error: key }).transform((value, ctx) => {
    const instant = readInstant(value, bareDay);
    return instant === 'invalid' || instant === 'out_of_range' ? refuse(ctx, instant, key) : instant;
  });
