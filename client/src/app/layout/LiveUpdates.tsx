import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, userQueryKey } from '@client/lib/auth';
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
  const { t } = useTranslation();
  const user = useCurrentUser();
  // A refused handshake means the session ended elsewhere: refetching the user signs out here.
  useLiveConnection(() => void queryClient.invalidateQueries({ queryKey: userQueryKey() }));
  useLiveEvents((event) => {
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
    // Joining or leaving a property's staff changes what the user works (the desk of a guard).
    if ((event.type === 'staff.added' || event.type === 'staff.removed') && event.userId === user.id) {
      void queryClient.invalidateQueries({ queryKey: userQueryKey() });
    }
    // A direct notice from the administration shows at once, wherever the user is.
    if (event.type === 'notice.sent') {
      const { title, message } = event.payload as { title?: string; message?: string };
      toast({ title: title ?? '', description: message });
    }
    // Administrators hear of an emergency request, and of one past its deadline, at once.
    const request = event.payload as { title?: string; priority?: string };
    if (event.audience === 'administrators' && event.actorId !== user.id) {
      if (event.type === 'maintenance.created' && request.priority === 'emergency') {
        toast({ title: t('maintenance.emergency'), description: request.title, variant: 'destructive' });
      } else if (event.type === 'maintenance.overdue') {
        toast({ title: t('maintenance.overdue'), description: request.title, variant: 'destructive' });
      }
    }
  });
  return null;
}
