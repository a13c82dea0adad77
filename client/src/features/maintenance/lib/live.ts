import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@client/lib/live-events';
import { maintenanceQueryKey } from '../api/maintenance';

/**
 * Requests change elsewhere (a resident reports, a technician starts, someone comments): every
 * maintenance read refreshes on their events. The server sends each person only what they may
 * read (internal notes never reach the requester).
 */
export function useMaintenanceLive() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    const [domain] = event.type.split('.');
    if (domain === 'maintenance' || domain === 'staff') void queryClient.invalidateQueries({ queryKey: maintenanceQueryKey() });
  });
}
