import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';

/** Export Data (a JSON file of everything kept about the user) and Delete Account. */
export function DangerZone() {
  const { t } = useTranslation('settings');
  const [dialog, setDialog] = useState<'export' | 'delete' | null>(null);
  const [password, setPassword] = useState('');
  const exporter = useExportAccount();
  const deletion = useDeleteAccount();
  const close = () => {
    setDialog(null);
    setPassword('');
    deletion.reset();
  };

  const exportData = () =>
    exporter.mutate(undefined, {
      onSuccess: () => {
        close();
        toast({ title: t('danger.exported'), variant: 'success' });
      },
      onError: (error) => toast({ title: t('danger.exportFailed'), description: errorMessage(error), variant: 'destructive' }),
    });

  const deleteAccount = () =>
    deletion.mutate({ password }, { onSuccess: () => toast({ title: t('danger.deleted'), variant: 'success' }) });

  const deletionError = deletion.error;
  const passwordError = deletionError instanceof ApiError ? deletionError.fields.password : undefined;

  return (
    <Card className="border-danger-subtle">
      <Card.Body>
        <h2 className="h5 text-danger">{t('danger.title')}</h2>
        <p className="text-body-secondary">{t('danger.description')}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" onClick={() => setDialog('export')}>
            <Download size={16} className="me-1" aria-hidden />
            {t('danger.export')}
          </Button>
          <Button variant="outline-danger" onClick={() => setDialog('delete')}>
            <Trash2 size={16} className="me-1" aria-hidden />
            {t('danger.delete')}
          </Button>
        </div>
      </Card.Body>

      <ConfirmDialog
        show={dialog === 'export'}
        title={t('danger.exportTitle')}
        confirmLabel={t('danger.exportConfirm')}
        pending={exporter.isPending}
        onConfirm={exportData}
        onCancel={close}
      >
        <p className="mb-0">{t('danger.exportDescription')}</p>
      </ConfirmDialog>

      <ConfirmDialog
        show={dialog === 'delete'}
        title={t('danger.deleteTitle')}
        confirmLabel={t('danger.deleteConfirm')}
        variant="danger"
        pending={deletion.isPending}
        confirmDisabled={!password}
        onConfirm={deleteAccount}
        onCancel={close}
      >
        <p>{t('danger.deleteDescription')}</p>
        {deletionError && !passwordError && <Alert variant="danger">{errorMessage(deletionError)}</Alert>}
        <Form.Group controlId="delete-account-password">
          <Form.Label>{t('danger.password')}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            isInvalid={Boolean(passwordError)}
            aria-invalid={Boolean(passwordError)}
            aria-describedby={passwordError ? 'delete-account-password-error' : undefined}
            autoFocus
          />
          <Form.Control.Feedback type="invalid" id="delete-account-password-error">
            {passwordError}
          </Form.Control.Feedback>
        </Form.Group>
      </ConfirmDialog>
    </Card>
  );
}
