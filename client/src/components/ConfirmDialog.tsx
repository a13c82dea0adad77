import type { ReactNode } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  show: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  variant?: 'primary' | 'danger';
  pending?: boolean;
  /** Disables the confirm button (e.g. while a required input is empty). */
  confirmDisabled?: boolean;
  /** Why the server refused the action: shown in the dialog, which can then only be closed. */
  refusal?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action; the confirm button shows a spinner while the action runs. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  variant = 'primary',
  pending = false,
  confirmDisabled = false,
  refusal,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={pending ? undefined : onCancel} centered aria-labelledby="confirm-dialog-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Modal.Header closeButton={!pending} closeLabel={t('actions.close')}>
          <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        {(children || refusal) && (
          <Modal.Body>
            {children}
            {refusal && (
              <Alert variant="danger" className="mt-3 mb-0" data-testid="confirm-refusal">
                {refusal}
              </Alert>
            )}
          </Modal.Body>
        )}
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant={variant} disabled={pending || confirmDisabled || Boolean(refusal)}>
            {pending && <Spinner size="sm" className="me-2" aria-hidden />}
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
