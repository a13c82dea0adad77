import { zodResolver } from '@client/components/form/zod-resolver';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { TextField } from '@client/components/form/TextField';
import { applyServerErrors } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';
import { AccountDeleteSchema } from '@shared/schemas/auth';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';

/** Export Data (a JSON file of everything kept about the user) and Delete Account. */
export function DangerZone() {
  const { t } = useTranslation('settings');
  const [dialog, setDialog] = useState<'export' | 'delete' | null>(null);
  const { register, handleSubmit, setError, reset, control, formState: { errors } } = useForm({ resolver: zodResolver(AccountDeleteSchema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });
  const exporter = useExportAccount();
  const deletion = useDeleteAccount();
  const close = () => {
    setDialog(null);
    reset();
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

  const deleteAccount = handleSubmit((input) =>
    deletion.mutate(input, {
      onSuccess: () => toast({ title: t('danger.deleted'), variant: 'success' }),
      // A wrong password shows under the field; any other refusal above it.
      onError: (error) => applyServerErrors(setError, error, ['password']),
    }),
  );

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
        onConfirm={() => void deleteAccount()}
        onCancel={close}
      >
        <p>{t('danger.deleteDescription')}</p>
        {deletionError && !passwordError && <Alert variant="danger">{errorMessage(deletionError)}</Alert>}
        <TextField
          id="delete-account-password"
          className=""
          label={t('danger.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          registration={register('password')}
          error={errors.password}
        />
      </ConfirmDialog>
    </Card>
  );
}
