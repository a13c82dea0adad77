import { addDays, startOfDay } from 'date-fns';
import { useEffect, useState } from 'react';
import { inZone } from '@client/lib/format';
import type { Broadcast } from '../api/get-broadcasts';

/** Active right now by its own data: status active, started, not ended (as the server decides). */
export const isActiveAt = (broadcast: Broadcast, now: number) =>
  broadcast.status === 'active' &&
  Date.parse(broadcast.startDate) <= now &&
  (broadcast.endDate === null || Date.parse(broadcast.endDate) > now);

/** The next moment after `now` when one of these broadcasts starts or ends. */
export function nextChange(broadcasts: Broadcast[], now: number): number | null {
  let next: number | null = null;
  for (const broadcast of broadcasts) {
    for (const value of [broadcast.startDate, broadcast.endDate]) {
      const at = value ? Date.parse(value) : NaN;
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

// setTimeout holds at most ~24.8 days; a longer wait is taken in steps.
const MAX_DELAY_MS = 2 ** 31 - 1;
const delayUntil = (at: number) => Math.min(Math.max(at - Date.now(), 0), MAX_DELAY_MS);

/**
 * The current time for deciding which broadcasts show, renewed when the next of them starts or
 * ends: nothing signals those moments (the worker's expiry event may come a little later, and
 * nothing at all announces a start).
 */
export function useBroadcastClock(broadcasts: Broadcast[]) {
  const [now, setNow] = useState(() => Date.now());
  const at = nextChange(broadcasts, now);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setNow(Date.now()), delayUntil(at) + 25);
    return () => clearTimeout(timer);
  }, [at]);
  return now;
}

/**
 * Calls `refetch` shortly after every midnight of the organization's zone (spread over a minute so that a property's
 * residents do not all ask at once): notices scheduled on the screen start at the beginning of
 * a day, and a page opened before they were published has not received them.
 */
export function useAfterMidnight(refetch: () => void) {
  const [days, setDays] = useState(0);
  useEffect(() => {
    const midnight = startOfDay(addDays(Date.now(), 1, { in: inZone })).getTime();
    const timer = setTimeout(() => {
      refetch();
      setDays((count) => count + 1);
    }, delayUntil(midnight) + Math.random() * 60_000);
    return () => clearTimeout(timer);
  }, [days, refetch]);
}
