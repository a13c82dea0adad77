import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HomeCard } from '@client/components/HomeCard';
import { useFormatDate } from '@client/lib/format';
import { useBookingList } from '../api/bookings';
import { BookingStatusBadge } from './StatusBadge';

/** The user's next booking (pending or confirmed, not yet over), on their home screen. */
export function HomeNextBooking() {
  const { t } = useTranslation('amenities');
  const formatDate = useFormatDate();
  // Fixed for the card's life: the query key must not change on every render.
  const [from] = useState(() => new Date().toISOString());
  const list = useBookingList({ mine: true, from }, 1);
  const next = list.data?.items.find((booking) => booking.status === 'pending' || booking.status === 'confirmed');
  return (
    <HomeCard id="next-booking" title={t('home.title')} icon={CalendarCheck} link={{ to: '/amenities?tab=mine', label: t('home.all') }} query={list}>
      {next ? (
        <div>
          <p className="fw-semibold mb-1">{next.amenityName}</p>
          <p className="mb-1">
            <time dateTime={next.startTime}>{formatDate(next.startTime, 'weekday')}</time>
            {', '}
            {formatDate(next.startTime, 'time')}–{formatDate(next.endTime, 'time')}
          </p>
          <BookingStatusBadge status={next.status} />
        </div>
      ) : (
        <p className="text-body-secondary mb-0">
          {t('home.none')} <Link to="/amenities?action=reserve">{t('home.book')}</Link>
        </p>
      )}
    </HomeCard>
  );
}
