import { MapPin, Settings2, Eye, DoorOpen, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { cityName, countryName } from '@shared/catalog/countries';
import type { Property } from '../api/get-properties';
import { STATUS_VARIANTS, TYPE_ICONS } from '../lib/labels';

/** Where a property is: address, city and country (labels in the current language). */
export function usePlace() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  return (property: Pick<Property, 'city' | 'country'>) =>
    [cityName(property.city, lang), countryName(property.country, lang)].filter(Boolean).join(', ');
}

/** The photo of a property, or the placeholder of its type (also when the photo fails to load). */
export function PropertyPhoto({ property, className = '' }: { property: Property; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const Placeholder = TYPE_ICONS[property.type];
  if (property.image && failed !== property.image) {
    return <img src={property.image} alt="" className={`object-fit-cover ${className}`} onError={() => setFailed(property.image)} loading="lazy" />;
  }
  return (
    <div className={`vec-property-placeholder d-flex align-items-center justify-content-center ${className}`} data-testid="property-placeholder" aria-hidden>
      <Placeholder size={48} />
    </div>
  );
}

type PropertyCardProps = { property: Property; canManage: boolean; onOpen: (property: Property) => void };

/** A card of the grid: photo or placeholder, name, address, units, type and status, and Manage. */
export function PropertyCard({ property, canManage, onOpen }: PropertyCardProps) {
  const { t } = useTranslation('properties');
  const place = usePlace()(property);
  const headingId = `property-${property.id}-name`;
  return (
    <Card as="article" className="h-100 shadow-sm overflow-hidden" aria-labelledby={headingId} data-testid="property-card">
      <PropertyPhoto property={property} className="vec-property-card-photo w-100" />
      <Card.Body className="d-flex flex-column">
        <div className="d-flex align-items-start justify-content-between gap-2 mb-1">
          <Card.Title as="h2" id={headingId} className="h5 mb-0 text-break">
            {property.name}
          </Card.Title>
          <Badge bg={STATUS_VARIANTS[property.status]} className="flex-shrink-0" data-testid="property-status">
            {t(`statuses.${property.status}`)}
          </Badge>
        </div>
        <p className="text-body-secondary small mb-3 d-flex gap-1">
          <MapPin size={16} className="flex-shrink-0 mt-1" aria-hidden />
          <span className="text-break">
            {property.address}
            {place && <span className="d-block">{place}</span>}
          </span>
        </p>
        <ul className="list-unstyled small d-flex flex-wrap gap-3 mb-3">
          <li className="d-flex align-items-center gap-1">
            <DoorOpen size={16} aria-hidden />
            <span data-testid="property-units">{t('card.units', { count: property.units })}</span>
          </li>
          <li className="d-flex align-items-center gap-1">
            <Users size={16} aria-hidden />
            <span>{t('card.residents', { count: property.residentCount })}</span>
          </li>
          <li>
            <Badge bg="light" text="dark" className="border" data-testid="property-type">
              {t(`types.${property.type}`)}
            </Badge>
          </li>
        </ul>
        <Button
          variant={canManage ? 'primary' : 'outline-primary'}
          className="mt-auto d-inline-flex align-items-center justify-content-center gap-2"
          onClick={() => onOpen(property)}
          aria-label={t(canManage ? 'card.manageNamed' : 'card.viewNamed', { name: property.name })}
        >
          {canManage ? <Settings2 size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
          {canManage ? t('card.manage') : t('card.view')}
        </Button>
      </Card.Body>
    </Card>
  );
}
