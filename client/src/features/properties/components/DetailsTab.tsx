import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import type { Property } from '../api/get-properties';
import { useDeleteProperty } from '../api/save-property';
import { STATUS_VARIANTS } from '../lib/labels';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { PropertyPhoto, usePlace } from './PropertyCard';
import { PropertyForm } from './PropertyForm';

type DetailsTabProps = { property: Property; canManage: boolean; onClose: () => void };

/** Details: the edit form and Delete (with confirmation) for administrators; the facts for others. */
export function DetailsTab({ property, canManage, onClose }: DetailsTabProps) {
  if (!canManage) return <PropertyFacts property={property} />;
  return <EditDetails property={property} onClose={onClose} />;
}

function EditDetails({ property, onClose }: { property: Property; onClose: () => void }) {
  const { t } = useTranslation('properties');
  const deleting = useConfirmedDelete<Property>(useDeleteProperty(), (deleted) => {
    toast({ title: t('notices.deleted'), description: t('notices.deletedDescription', { name: deleted.name }), variant: 'success' });
    onClose();
  });

  return (
    <>
      <PropertyForm
        key={property.id}
        property={property}
        layout="inline"
        onSaved={onClose}
        onCancel={onClose}
        extraAction={
          <Button variant="outline-danger" onClick={() => deleting.ask(property)} className="d-inline-flex align-items-center gap-1">
            <Trash2 size={16} aria-hidden />
            {t('delete.action')}
          </Button>
        }
      />
      <ConfirmDialog
        show={deleting.target !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        variant="danger"
        pending={deleting.pending}
        refusal={deleting.refusal}
        onConfirm={deleting.confirm}
        onCancel={deleting.cancel}
      >
        <p>{t('delete.body', { name: property.name })}</p>
        <p className="small text-body-secondary mb-0">{t('delete.cascade')}</p>
      </ConfirmDialog>
    </>
  );
}

/** The property as a read-only list (non-administrators). */
function PropertyFacts({ property }: { property: Property }) {
  const { t } = useTranslation('properties');
  const place = usePlace()(property);
  const facts: Array<[string, ReactNode]> = [
    [t('form.address'), property.address],
    [t('facts.location'), place || '—'],
    [t('form.units'), property.units],
    [t('form.type'), t(`types.${property.type}`)],
    [t('form.status'), <Badge key="status" bg={STATUS_VARIANTS[property.status]}>{t(`statuses.${property.status}`)}</Badge>],
    [t('form.description'), property.description || '—'],
  ];
  return (
    <div className="d-flex flex-column flex-md-row gap-4">
      <PropertyPhoto property={property} className="vec-property-details-photo rounded-3 flex-shrink-0" />
      <dl className="row mb-0 flex-grow-1">
        {facts.map(([label, value]) => (
          <div key={label} className="col-12 col-sm-6 mb-3">
            <dt className="small text-body-secondary fw-normal">{label}</dt>
            <dd className="mb-0 text-break">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
