import { CalendarCheck, Clock, MapPin, Users } from 'lucide-react';
import { Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { formatMoney } from '@client/lib/format';
import { dayWindow } from '@shared/bookings';
import { zonedParts } from '@shared/time';
import type { Amenity } from '../api/bookings';

/** Open right now by its days and hours (organization's time zone). */
export const openNow = (amenity: Amenity) => {
  const now = zonedParts(new Date());
  const { open, close } = dayWindow(amenity);
  return amenity.isBookable && amenity.daysOpen.includes(now.weekday) && now.minutes >= open && now.minutes < close;
};

function AvailabilityBadge({ amenity, freeToday }: { amenity: Amenity; freeToday: boolean | undefined }) {
  const { t } = useTranslation('amenities');
  if (!amenity.isBookable) return <Badge bg="light" text="dark">{t('badges.notBookable')}</Badge>;
  if (freeToday === undefined) return null;
  return (
    <Badge bg={freeToday ? 'success' : 'secondary'} data-testid="availability-badge">
      {freeToday ? t('badges.available') : t('badges.fullyBooked')}
    </Badge>
  );
}

type AmenityCardsProps = {
  amenities: Amenity[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  propertyNames: Map<number, string>;
  freeToday: Map<number, boolean | undefined>;
  onReserve: (amenity: Amenity) => void;
};

/** Cards: image, name, description, capacity, hours, location, price, badge and Reserve. */
export function AmenityCards({ amenities, isPending, error, onRetry, propertyNames, freeToday, onReserve }: AmenityCardsProps) {
  const { t } = useTranslation('amenities');
  if (isPending) return <Loading />;
  if (error) return <ErrorCard title={t('errors.catalog')} error={error} onRetry={onRetry} />;
  if (!amenities?.length) return <EmptyState icon={CalendarCheck} title={t('empty.catalogTitle')} description={t('empty.catalogDescription')} />;
  return (
    <Row xs={1} md={2} xl={3} className="g-3" data-testid="amenity-cards">
      {amenities.map((amenity) => (
        <Col key={amenity.id}>
          <Card className="h-100" data-testid="amenity-card">
            <div className={`amenity-image amenity-image-${amenity.type}`} role="img" aria-label={t(`types.${amenity.type}`, { defaultValue: amenity.type })} />
            <Card.Body className="d-flex flex-column">
              <div className="d-flex justify-content-between align-items-start gap-2">
                <Card.Title as="h2" className="h5 mb-1">{amenity.name}</Card.Title>
                <AvailabilityBadge amenity={amenity} freeToday={freeToday.get(amenity.id)} />
              </div>
              {amenity.description && <Card.Text className="text-body-secondary small">{amenity.description}</Card.Text>}
              <ul className="list-unstyled small mb-3">
                <li><Users size={14} aria-hidden className="me-1" />{amenity.capacity ? t('card.capacity', { count: amenity.capacity }) : t('card.noCapacity')}</li>
                <li><Clock size={14} aria-hidden className="me-1" />{amenity.openingTime && amenity.closingTime ? `${amenity.openingTime} – ${amenity.closingTime}` : t('card.allDay')}</li>
                <li><MapPin size={14} aria-hidden className="me-1" />{propertyNames.get(amenity.propertyId) ?? ''}</li>
                <li>{amenity.hourlyRate ? t('card.rate', { amount: formatMoney(amenity.hourlyRate) }) : t('card.free')}{amenity.deposit ? ` · ${t('card.deposit', { amount: formatMoney(amenity.deposit) })}` : ''}</li>
              </ul>
              {amenity.isBookable && (
                <Button className="mt-auto" onClick={() => onReserve(amenity)} aria-label={t('card.reserveLabel', { name: amenity.name })}>
                  {t('card.reserve')}
                </Button>
              )}
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
