import { useId, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './form/SubmitButton';

type FormDialogProps = {
  show: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The form (Modal.Body and FormDialogFooter inside a Form): mounted only while shown, so each opening starts afresh. */
  children: ReactNode;
};

/** A dialog holding one form, full screen on phones, named by its title. */
export function FormDialog({ show, onClose, title, children }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} fullscreen="sm-down" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {show && children}
    </Modal>
  );
}

/** Cancel and submit, both held while the form is being sent. */
/** `disabled`: the form cannot be sent yet (what it chooses from is still loading). */
export function FormDialogFooter({ pending, onCancel, submitLabel, disabled }: { pending: boolean; onCancel: () => void; submitLabel: ReactNode; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <SubmitButton pending={pending} pendingLabel={t('status.saving')} disabled={disabled}>
        {submitLabel}
      </SubmitButton>
    </Modal.Footer>
  );
}
