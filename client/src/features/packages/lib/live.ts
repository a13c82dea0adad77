import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/events';
import { useLiveEvents } from '@client/lib/live-events';
import { packagesQueryKey } from '../api/packages';

/** Packages, vehicles and pets change elsewhere (the desk logs one, another tablet hands it out): every read refreshes on their events. */
export function usePackagesLive(extra?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (!/^(package|packages|vehicle|pet)\./.test(event.type)) return;
    void queryClient.invalidateQueries({ queryKey: packagesQueryKey() });
    extra?.(event);
  });
}
