import { useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { dashboardQueryKey } from '@client/features/dashboard/api/get-dashboard';
import { useLiveEvents } from '@client/lib/live-events';
import { useLiveConnection } from '@client/lib/socket';

/**
 * Live updates while signed in: keeps the socket connected and refreshes what every event may
 * change. Features add their own `useLiveEvents` handlers where their data is shown.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  // A refused handshake means the session ended elsewhere: refetching the user signs out here.
  useLiveConnection(() => void queryClient.invalidateQueries({ queryKey: userQueryKey() }));
  useLiveEvents(() => void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() }));
  return null;
}
