import type { Knex } from 'knex';
import { dayEnd, dayOf, dayStart, zonedParts } from '../../../shared/time';

/**
 * A pass's validity (docs/modules/visitors.md, Passes), read in the organizations' zone
 * (shared/time.ts): from `validFrom` to `validTo`, on its `weekdays` when it has them. One
 * definition in two forms that must agree: for a pass in hand (JS) and as the condition of a
 * query on `visitors` (SQL).
 */

type Validity = { validFrom: Date | string | null; validTo: Date | string | null; weekdays: number[] | null };

/** When a pass is valid: a one-time pass the day of its arrival (or until its departure), a recurring one until the end of `until`. */
export function validityOf(input: { expectedArrival: Date; expectedDeparture: Date | null; recurrence: { until: string; weekdays: number[] } | null }) {
  if (input.recurrence) {
    return { passKind: 'recurring' as const, validFrom: input.expectedArrival, validTo: dayEnd(input.recurrence.until), weekdays: input.recurrence.weekdays, maxUses: null };
  }
  const endOfDay = dayEnd(dayOf(input.expectedArrival));
  const validTo = input.expectedDeparture && input.expectedDeparture > endOfDay ? input.expectedDeparture : endOfDay;
  return { passKind: 'one-time' as const, validFrom: input.expectedArrival, validTo, weekdays: null, maxUses: 1 };
}

// JS: a pass in hand --------------------------------------------------------------------------

/** Whether the pass's validity is over at `at` (past its end). */
export const validityOver = (pass: Pick<Validity, 'validTo'>, at: Date) => pass.validTo !== null && at > new Date(pass.validTo);

/** Whether the day of `at` is one of the pass's days: not before its first day, on one of its weekdays (its end is validityOver's). */
export function onItsDays(pass: Pick<Validity, 'validFrom' | 'weekdays'>, at: Date) {
  if (pass.validFrom && dayOf(at) < dayOf(new Date(pass.validFrom))) return false;
  return !pass.weekdays || pass.weekdays.includes(zonedParts(at).weekday);
}

// SQL: a condition on `visitors` --------------------------------------------------------------

/** Passes whose validity is over at `at` (an instant, or the database clock). */
export const whereValidityOver = (query: Knex.QueryBuilder, at: Date | Knex.Raw) => query.where('visitors.valid_to', '<', at);

/** Passes whose validity is not over at `at`. */
export const whereValidityNotOver = (query: Knex.QueryBuilder, at: Date | Knex.Raw) => query.where('visitors.valid_to', '>=', at);

/** Passes valid some time between the days `from` and `to` (either may be open), whatever their weekdays. */
export function whereValidBetween(query: Knex.QueryBuilder, from?: string, to?: string) {
  if (from) query.where('visitors.valid_to', '>=', dayStart(from));
  if (to) query.where('visitors.valid_from', '<=', dayEnd(to));
  return query;
}

/** Passes valid some time on `day`, on their weekdays: onItsDays for that day, and not over before it began. */
export function whereValidOn(query: Knex.QueryBuilder, day: string) {
  const weekday = zonedParts(dayStart(day)).weekday;
  return whereValidBetween(query, day, day).where((q) => q.whereNull('visitors.weekdays').orWhereRaw('? = any(visitors.weekdays)', [weekday]));
}
