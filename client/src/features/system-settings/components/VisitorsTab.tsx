import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { applyServerErrors } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useUpdateVisitorSettings, useVisitorSettings } from '@client/features/visitors/api/visitors';
import { errorMessage } from '@client/lib/api';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, VisitorSettingsSchema, type VisitorSettings } from '@shared/schemas/visitors';

/** Visitors: how long their personal data is kept before the worker anonymises it (Ley 172-13). */
export function VisitorsTab() {
  const { t } = useTranslation('visitors');
  const settings = useVisitorSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <ErrorCard title={t('settings.loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;
  return <RetentionForm settings={settings.data} />;
}

function RetentionForm({ settings }: { settings: VisitorSettings }) {
  const { t } = useTranslation('visitors');
  const update = useUpdateVisitorSettings();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<VisitorSettings>({
    resolver: zodResolver(VisitorSettingsSchema),
    values: settings,
    resetOptions: { keepDirtyValues: true },
  });
  const save = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: t('settings.saved'), variant: 'success' }),
      onError: (error) => {
        applyServerErrors(setError, error, ['retentionDays']);
        toast({ title: t('settings.saveError'), description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );
  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={save} aria-labelledby="retention-title">
          <h2 id="retention-title" className="h5">
            {t('settings.title')}
          </h2>
          <p className="text-body-secondary">{t('settings.description')}</p>
          <TextField
            className="mb-0"
            type="number"
            inputMode="numeric"
            min={MIN_RETENTION_DAYS}
            max={MAX_RETENTION_DAYS}
            label={t('settings.days')}
            registration={register('retentionDays', { valueAsNumber: true })}
            error={errors.retentionDays}
            style={{ maxWidth: '12rem' }}
          />
          <div className="d-flex justify-content-end border-top pt-3 mt-3">
            <SubmitButton pending={update.isPending} pendingLabel={t('common:status.saving')}>
              {t('settings.save')}
            </SubmitButton>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
