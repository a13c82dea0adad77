import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@client/lib/live-events';
import { refreshFinances } from '../api/queries';

/** The finances events whose changes another administrator's open screen shows without reload. */
export const isFinancesEvent = (type: string) => /^(expense|fund|supplier)\./.test(type);

/**
 * Keeps an open finances screen current: an expense recorded, paid or voided, a fund or a
 * supplier changed by another administrator (the outbox's events, as billing does) refresh
 * the finances queries.
 */
export function useFinancesLive() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (isFinancesEvent(event.type)) void refreshFinances(queryClient);
  });
}
