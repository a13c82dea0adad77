import { Car } from 'lucide-react';
import { useState } from 'react';
import { Badge, Card, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { usePlateSearch } from '../api/packages';

/** The desk finds a car by part of its plate: a unit's vehicle (it belongs here) or a visitor pass's plate. */
export function PlateSearch({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('packages');
  const [plate, setPlate] = useState('');
  const typed = useDebouncedValue(plate.trim(), 250);
  const found = usePlateSearch(propertyId, typed);
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 d-flex align-items-center gap-2">
        <Car size={18} aria-hidden />
        {t('plates.title')}
      </Card.Header>
      <Card.Body>
        <Form.Group controlId="plate-search">
          <Form.Label>{t('plates.label')}</Form.Label>
          <Form.Control value={plate} onChange={(event) => setPlate(event.target.value)} maxLength={12} autoComplete="off" autoCapitalize="characters" className="font-monospace fs-5" placeholder="A123456" data-testid="plate-search" />
        </Form.Group>
      </Card.Body>
      {found.data && (
        <ListGroup variant="flush" data-testid="plate-results" aria-live="polite">
          {!found.data.length && <ListGroup.Item className="text-body-secondary">{t('plates.none')}</ListGroup.Item>}
          {found.data.map((match) => (
            <ListGroup.Item key={`${match.source}-${match.source === 'vehicle' ? match.plate + match.unitId : match.visitorId}`} data-testid="plate-match">
              <div className="d-flex justify-content-between gap-2 flex-wrap">
                <span className="font-monospace fw-bold">{match.plate}</span>
                {match.source === 'vehicle' ? <Badge bg="success">{t('plates.belongs')}</Badge> : <Badge bg="info">{t('plates.visitor')}</Badge>}
              </div>
              <div className="small">
                {match.unitNumber ? t('unitLabel', { unit: match.unitNumber }) : '—'}
                {match.source === 'vehicle'
                  ? ` · ${[match.make, match.model, match.colour].filter(Boolean).join(' ')}${match.parkingSpot ? ` · ${t('vehicles.spot')}: ${match.parkingSpot}` : ''}`
                  : ` · ${match.visitorName}`}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
