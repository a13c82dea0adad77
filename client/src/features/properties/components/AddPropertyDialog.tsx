import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PropertyForm } from './PropertyForm';

type AddPropertyDialogProps = { show: boolean; onClose: () => void };

/** Add Property: the form starts afresh each time the dialog opens (the Modal unmounts it once closed). */
export function AddPropertyDialog({ show, onClose }: AddPropertyDialogProps) {
  const { t } = useTranslation('properties');
  return (
    <Modal show={show} onHide={onClose} size="lg" fullscreen="sm-down" aria-labelledby="add-property-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="add-property-title" as="h2" className="h5">
          {t('form.addTitle')}
        </Modal.Title>
      </Modal.Header>
      <PropertyForm property={null} layout="modal" onCancel={onClose} onSaved={onClose} />
    </Modal>
  );
}
