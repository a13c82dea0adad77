import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '../api/bookings';

const VARIANTS: Record<BookingStatus, string> = { pending: 'warning', confirmed: 'success', cancelled: 'secondary', completed: 'info' };

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('amenities');
  return (
    <Badge bg={VARIANTS[status]} text={status === 'pending' || status === 'completed' ? 'dark' : undefined} data-testid="booking-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
