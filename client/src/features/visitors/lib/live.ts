import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@client/lib/live-events';
import { visitorsQueryKey } from '../api/visitors';

/** Passes change elsewhere (the desk checks a visitor in, a host answers a walk-in): every visitor read refreshes on their events. */
export function useVisitorsLive(extra?: (event: Parameters<Parameters<typeof useLiveEvents>[0]>[0]) => void) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (!event.type.startsWith('visitor')) return;
    void queryClient.invalidateQueries({ queryKey: visitorsQueryKey() });
    extra?.(event);
  });
}
