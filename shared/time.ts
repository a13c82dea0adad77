/**
 * The organizations' time zone (docs/permissions.md: times are shown in the organization's zone, by
 * default America/Santo_Domingo). Every instant is shown, and every day or time a person enters
 * is read, as a wall-clock time there whatever the browser's or the server's zone: billing days,
 * booking hours, a pass's days, a notice's dates.
 */
export const TIME_ZONE = 'America/Santo_Domingo';

/*
 * Instants are stored (timestamptz) and read as wall-clock times of a zone with the platform's
 * Intl time zone data rather than another dependency on the server: only the offset of a zone
 * at an instant is needed, which Intl gives exactly (America/Santo_Domingo has no DST, but
 * nothing here assumes it).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock of an instant in a zone: day 'YYYY-MM-DD', time 'HH:MM', ISO weekday, minutes since midnight. */
export function zonedParts(instant: Date, timeZone = TIME_ZONE) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${hour}:${parts.minute}`,
    weekday: WEEKDAYS[parts.weekday],
    minutes: Number(hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

const offsetMs = (instant: Date, timeZone: string) => {
  const p = zonedParts(instant, timeZone);
  const [y, m, d] = p.day.split('-').map(Number);
  return Date.UTC(y, m - 1, d, Math.floor(p.minutes / 60), p.minutes % 60, p.seconds) - Math.floor(instant.getTime() / 1000) * 1000;
};

/** A wall-clock time ('YYYY-MM-DD', minutes since midnight) read as if it were UTC, in ms. */
const asUtc = (day: string, minutes: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d, 0, minutes);
};

/** The instant (ms) of a wall-clock time in a zone, read through Intl (twice: the offset may change at it). */
const readInstant = (day: string, minutes: number, timeZone: string) => {
  const guess = asUtc(day, minutes);
  const first = guess - offsetMs(new Date(guess), timeZone);
  return guess - offsetMs(new Date(first), timeZone);
};

/**
 * The zone's offset (ms) on a day whose clock does not change (24 hours pass between its
 * midnights), else null. Reading Intl is what a month of slots costs, so each zone's day is
 * read once and kept; the memo is emptied past 10,000 days, so odd dates asked for cannot
 * grow it without end.
 */
const steadyOffsets = new Map<string, number | null>();
function steadyOffset(day: string, timeZone: string) {
  const key = `${timeZone} ${day}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const start = readInstant(day, 0, timeZone);
    offset = readInstant(day, 1440, timeZone) - start === 86_400_000 ? asUtc(day, 0) - start : null;
    if (steadyOffsets.size >= 10_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/** The instant of a wall-clock time ('YYYY-MM-DD', minutes since midnight, may be 1440) in a zone. */
export function zonedInstant(day: string, minutes: number, timeZone = TIME_ZONE): Date {
  return dayClock(day, timeZone)(minutes);
}

/** zonedInstant for one day: its offset looked up once, for the many slots of the day. */
export function dayClock(day: string, timeZone: string): (minutes: number) => Date {
  const offset = steadyOffset(day, timeZone);
  if (offset === null) return (minutes) => new Date(readInstant(day, minutes, timeZone));
  const midnight = asUtc(day, 0) - offset;
  return (minutes) => new Date(midnight + minutes * 60_000);
}

/** A calendar day as written: yyyy-mm-dd. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `count` days from a day 'YYYY-MM-DD' (negative: before it): the same in every zone. */
export function addDays(day: string, count: number) {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + count)).toISOString().slice(0, 10);
}

/** The next day of 'YYYY-MM-DD'. */
export const nextDay = (day: string) => addDays(day, 1);

// One formatter (toLocaleDateString would build one per call, some 50 µs, several per request).
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/** The day of an instant in the organization's zone, 'YYYY-MM-DD'. */
export const dayOf = (instant: Date) => dayFormat.format(instant);

/** Today in the organization's zone, 'YYYY-MM-DD'. */
export const todayThere = () => dayOf(new Date());

/** The first instant of a day 'YYYY-MM-DD' in the organization's zone. */
export const dayStart = (day: string) => zonedInstant(day, 0);

/** The last instant (millisecond) of a day 'YYYY-MM-DD' in the organization's zone. */
export const dayEnd = (day: string) => new Date(dayStart(nextDay(day)).getTime() - 1);

/** The first instant of today in the organization's zone. */
export const startOfToday = () => dayStart(todayThere());

/** An instant as a datetime-local input holds it, its wall-clock time in the organization's zone: 'YYYY-MM-DDTHH:MM'. */
export function wallClockInput(instant: Date) {
  const { day, time } = zonedParts(instant);
  return `${day}T${time}`;
}

/** The instant a datetime-local value ('YYYY-MM-DDTHH:MM') names in the organization's zone; undefined for anything else. */
export function fromWallClockInput(value: unknown): Date | undefined {
  const [, day, hours, minutes] = (typeof value === 'string' && /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value)) || [];
  return day ? zonedInstant(day, Number(hours) * 60 + Number(minutes)) : undefined;
}

/**
 * Now rounded up to the minute (what a datetime-local input shows), but never past the last
 * minute of today in the organization's zone: a time that defaults to "now" stays today.
 */
export function nextMinuteToday(now = new Date()) {
  const rounded = Math.ceil(now.getTime() / 60_000) * 60_000;
  return new Date(Math.min(rounded, zonedInstant(dayOf(now), 1439).getTime()));
}

/** An instant as the organization's clock reads it, 'YYYY-MM-DD HH:MM' (files for spreadsheets). */
export function wallClockText(instant: Date | string) {
  const { day, time } = zonedParts(new Date(instant));
  return `${day} ${time}`;
}
