/** Booking times (docs/modules/bookings.md): opening hours, days open, "this month" and slot edges are wall-clock times of the organization's zone (shared/time.ts). */
import { TIME_ZONE, dayClock, nextDay, zonedParts } from './time';

/** 'HH:MM[:SS]' as minutes since midnight; none is the whole day. */
export const timeMinutes = (time: string | null | undefined, fallback: number) => {
  if (!time) return fallback;
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

export type BookingRules = {
  daysOpen: number[];
  slotMinutes: number;
  openingTime: string | null;
  closingTime: string | null;
};

/** The opening window of an amenity on a day, in minutes since midnight. */
export const dayWindow = (rules: Pick<BookingRules, 'openingTime' | 'closingTime'>) => ({
  open: timeMinutes(rules.openingTime, 0),
  close: timeMinutes(rules.closingTime, 1440),
});

/** The ISO weekday (1 Monday ... 7 Sunday) of a calendar day 'YYYY-MM-DD': the same in every zone. */
const dayWeekday = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
};

/** The slots of one day ('YYYY-MM-DD') as instants: none on a closed day; each within the day's hours. */
export function daySlots(rules: BookingRules, day: string, timeZone = TIME_ZONE) {
  if (!rules.daysOpen.includes(dayWeekday(day))) return [];
  const { open, close } = dayWindow(rules);
  const slots: Array<{ start: Date; end: Date }> = [];
  const at = dayClock(day, timeZone);
  for (let minutes = open; minutes + rules.slotMinutes <= close; minutes += rules.slotMinutes) {
    slots.push({ start: at(minutes), end: at(minutes + rules.slotMinutes) });
  }
  return slots;
}

/** Which rule a time range breaks against the amenity's calendar (day, hours, slot grid), if any. */
export function calendarRuleBroken(rules: BookingRules, start: Date, end: Date, timeZone = TIME_ZONE) {
  const from = zonedParts(start, timeZone);
  const to = zonedParts(end, timeZone);
  if (!rules.daysOpen.includes(from.weekday)) return 'booking_day_closed' as const;
  const endMinutes = to.day === from.day ? to.minutes : to.day === nextDay(from.day) && to.minutes === 0 ? 1440 : -1;
  const { open, close } = dayWindow(rules);
  if (endMinutes < 0 || from.minutes < open || endMinutes > close) return 'booking_outside_hours' as const;
  if (from.seconds || to.seconds || (from.minutes - open) % rules.slotMinutes || (endMinutes - from.minutes) % rules.slotMinutes) return 'booking_slot_grid' as const;
  return null;
}

/** Cost of a booking in centavos: hourly rate x hours. */
export const bookingCost = (hourlyRate: number, start: Date, end: Date) => Math.round((hourlyRate * (end.getTime() - start.getTime())) / 3_600_000);
