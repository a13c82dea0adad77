import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { useLiveEvents } from '@client/lib/live-events';
import { bookingsQueryKey } from '../api/bookings';

/**
 * Someone books, cancels or moves a booking: every open calendar and list refreshes (the
 * property's copy of the event carries times only). The booker's own copy of a decision
 * tells them at once.
 */
export function useBookingsLive() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('amenities');
  useLiveEvents((event) => {
    if (event.type.startsWith('booking.')) void queryClient.invalidateQueries({ queryKey: bookingsQueryKey() });
    else if (event.type.startsWith('amenity.')) void queryClient.invalidateQueries({ queryKey: ['amenities'] });
    if (event.audience !== 'user' || !event.actorId) return;
    const name = String(event.payload.amenityName ?? '');
    if (event.type === 'booking.confirmed') toast({ title: t('live.confirmed'), description: name, variant: 'success' });
    if (event.type === 'booking.cancelled') toast({ title: event.payload.declined ? t('live.declined') : t('live.cancelled'), description: `${name}: ${String(event.payload.reason ?? '')}`, variant: 'destructive' });
  });
}
