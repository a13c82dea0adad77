import { BOOKING_TIME_ZONE, nextDay, zonedInstant, zonedParts } from '@shared/bookings';

/**
 * Booking times are shown in the organization's time zone whatever the browser's: an instant
 * becomes the same wall-clock time as a local Date, which the shared date styles then format.
 */
export const wallClock = (value: string | Date) => {
  const parts = zonedParts(new Date(value), BOOKING_TIME_ZONE);
  const [y, m, d] = parts.day.split('-').map(Number);
  return new Date(y, m - 1, d, Math.floor(parts.minutes / 60), parts.minutes % 60);
};

/** Today in the organization's zone ('YYYY-MM-DD'). */
export const todayThere = () => zonedParts(new Date(), BOOKING_TIME_ZONE).day;

/** `count` days from `day`. */
export const addDays = (day: string, count: number) => {
  let result = day;
  for (let i = 0; i < count; i++) result = nextDay(result);
  return result;
};

/** Start of a day there, as an instant. */
export const dayStart = (day: string) => zonedInstant(day, 0, BOOKING_TIME_ZONE);
