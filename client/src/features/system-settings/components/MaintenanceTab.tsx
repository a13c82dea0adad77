import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { applyServerErrors } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useMaintenanceSettings, useUpdateMaintenanceSettings } from '@client/features/maintenance/api/maintenance';
import { errorMessage } from '@client/lib/api';
import { MAINTENANCE_PRIORITIES } from '@shared/enums';
import { MaintenanceSettingsSchema, type MaintenanceSettings } from '@shared/schemas/maintenance';

const FIELDS = MAINTENANCE_PRIORITIES.map((priority) => `deadlineHours.${priority}`);

/** Maintenance: the response deadline of each priority, in hours (product/maintenance.md). */
export function MaintenanceTab() {
  const { t } = useTranslation('maintenance');
  const settings = useMaintenanceSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <ErrorCard title={t('settings.loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;
  return <DeadlinesForm settings={settings.data} />;
}

function DeadlinesForm({ settings }: { settings: MaintenanceSettings }) {
  const { t } = useTranslation('maintenance');
  const update = useUpdateMaintenanceSettings();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<MaintenanceSettings>({
    resolver: zodResolver(MaintenanceSettingsSchema),
    values: settings,
    resetOptions: { keepDirtyValues: true },
  });
  const save = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: t('settings.saved'), variant: 'success' }),
      onError: (error) => {
        applyServerErrors(setError, error, FIELDS);
        toast({ title: t('settings.saveError'), description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );
  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={save} aria-labelledby="deadlines-title">
          <h2 id="deadlines-title" className="h5">
            {t('settings.title')}
          </h2>
          <p className="text-body-secondary">{t('settings.description')}</p>
          <Row xs={1} sm={2} lg={4} className="g-3">
            {MAINTENANCE_PRIORITIES.map((priority) => (
              <Col key={priority}>
                <TextField
                  className=""
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={2160}
                  label={`${t(`priorities.${priority}`)} (${t('settings.hours')})`}
                  registration={register(`deadlineHours.${priority}`, { valueAsNumber: true })}
                  error={errors.deadlineHours?.[priority]}
                />
              </Col>
            ))}
          </Row>
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
