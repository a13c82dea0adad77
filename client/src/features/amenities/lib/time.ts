import { zonedInstant, zonedParts } from '@shared/time';

/** Today in the organization's zone ('YYYY-MM-DD'). */
export const todayThere = () => zonedParts(new Date()).day;

/** `count` days from `day` (negative: before it). */
export const addDays = (day: string, count: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + count)).toISOString().slice(0, 10);
};

/** Start of a day there, as an instant. */
export const dayStart = (day: string) => zonedInstant(day, 0);
