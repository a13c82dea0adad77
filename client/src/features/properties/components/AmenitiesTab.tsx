import { Clock, Pencil, Plus, Trash2, Users, Waves } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { toast } from '@client/components/toast/toast';
import { formatMoney } from '@client/lib/format';
import { useAmenities, useDeleteAmenity, type Amenity } from '../api/amenities';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { AmenityFormDialog } from './AmenityFormDialog';

type AmenitiesTabProps = { propertyId: number; canManage: boolean };

/** Amenities: the property's catalogue (pool, gym...), add, edit and delete. */
export function AmenitiesTab({ propertyId, canManage }: AmenitiesTabProps) {
  const { t } = useTranslation('properties');
  const amenities = useAmenities(propertyId);
  const [editing, setEditing] = useState<Amenity | 'new' | null>(null);
  const deleting = useConfirmedDelete<Amenity>(useDeleteAmenity(propertyId), (amenity) =>
    toast({ title: t('amenities.deleted'), description: t('amenities.savedDescription', { name: amenity.name }), variant: 'success' }),
  );

  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} className="d-inline-flex align-items-center gap-1">
      <Plus size={16} aria-hidden />
      {t('amenities.add')}
    </Button>
  );

  let content;
  if (amenities.isPending) content = <Loading />;
  else if (amenities.isError) content = <ErrorCard title={t('amenities.loadError')} error={amenities.error} onRetry={() => void amenities.refetch()} />;
  else if (!amenities.data.length) content = <EmptyState icon={Waves} title={t('amenities.emptyTitle')} description={t('amenities.emptyDescription')} action={addButton} />;
  else {
    content = (
      <Row as="ul" xs={1} md={2} className="g-3 list-unstyled mb-0" aria-label={t('amenities.listLabel')}>
        {amenities.data.map((amenity) => (
          <Col as="li" key={amenity.id}>
            <AmenityCard amenity={amenity} canManage={canManage} onEdit={setEditing} onDelete={deleting.ask} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section aria-labelledby="amenities-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h3 id="amenities-heading" className="h6 mb-0">
          {t('amenities.title')}
        </h3>
        {Boolean(amenities.data?.length) && addButton}
      </div>
      {content}
      {canManage && <AmenityFormDialog propertyId={propertyId} show={editing !== null} amenity={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        show={deleting.target !== null}
        title={t('amenities.deleteTitle')}
        confirmLabel={t('amenities.deleteConfirm')}
        variant="danger"
        pending={deleting.pending}
        refusal={deleting.refusal}
        onConfirm={deleting.confirm}
        onCancel={deleting.cancel}
      >
        {deleting.shown && <p className="mb-0">{t('amenities.deleteBody', { name: deleting.shown.name })}</p>}
      </ConfirmDialog>
    </section>
  );
}

type AmenityCardProps = { amenity: Amenity; canManage: boolean; onEdit: (amenity: Amenity) => void; onDelete: (amenity: Amenity) => void };

function AmenityCard({ amenity, canManage, onEdit, onDelete }: AmenityCardProps) {
  const { t } = useTranslation('properties');
  const named = { name: amenity.name };
  const hours = amenity.openingTime && amenity.closingTime ? t('amenities.hoursValue', { from: amenity.openingTime, to: amenity.closingTime }) : t('amenities.noHours');
  return (
    <Card className="h-100" data-testid="amenity-card">
      <Card.Body className="d-flex flex-column">
        <div className="d-flex align-items-start justify-content-between gap-2">
          <div className="min-w-0">
            <Card.Title as="h4" className="h6 mb-1 text-break">
              {amenity.name}
            </Card.Title>
            <div className="small text-body-secondary">{t(`amenityTypes.${amenity.type}`)}</div>
          </div>
          <Badge bg={amenity.isBookable ? 'success' : 'secondary'} className="flex-shrink-0">
            {amenity.isBookable ? t('amenities.bookable') : t('amenities.notBookable')}
          </Badge>
        </div>
        {amenity.description && <p className="small mt-2 mb-0 text-break">{amenity.description}</p>}
        <ul className="list-unstyled small text-body-secondary mt-2 mb-0 d-flex flex-wrap gap-3">
          <li className="d-flex align-items-center gap-1">
            <Users size={14} aria-hidden />
            {t('amenities.capacityValue', { count: amenity.capacity })}
          </li>
          <li className="d-flex align-items-center gap-1">
            <Clock size={14} aria-hidden />
            {hours}
          </li>
          <li>{amenity.hourlyRate ? t('amenities.rateValue', { rate: formatMoney(amenity.hourlyRate) }) : t('amenities.free')}</li>
        </ul>
        {canManage && (
          <div className="d-flex gap-1 justify-content-end mt-auto pt-2">
            <Button variant="outline-secondary" size="sm" onClick={() => onEdit(amenity)} aria-label={t('amenities.editNamed', named)} title={t('amenities.edit')}>
              <Pencil size={16} aria-hidden />
            </Button>
            <Button variant="outline-danger" size="sm" onClick={() => onDelete(amenity)} aria-label={t('amenities.deleteNamed', named)} title={t('amenities.delete')}>
              <Trash2 size={16} aria-hidden />
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
