import { useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { dashboardQueryKey } from '@client/features/dashboard/api/get-dashboard';
import { useLiveEvents } from '@client/lib/live-events';
import { useLiveConnection } from '@client/lib/socket';
import { toast } from '@client/components/toast/toast';

/**
 * Live updates while signed in: keeps the socket connected and refreshes what every event may
 * change. Features add their own `useLiveEvents` handlers where their data is shown.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  // A refused handshake means the session ended elsewhere: refetching the user signs out here.
  useLiveConnection(() => void queryClient.invalidateQueries({ queryKey: userQueryKey() }));
  useLiveEvents((event) => {
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
    // A direct notice from the administration shows at once, wherever the user is.
    if (event.type === 'notice.sent') {
      const { title, message } = event.payload as { title?: string; message?: string };
      toast({ title: title ?? '', description: message });
    }
  });
  return null;
}
