import { useTranslation } from 'react-i18next';
import { TextField } from '@client/components/form/TextField';
import { useUpdateVisitorSettings, useVisitorSettings } from '../api/visitors';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, VisitorSettingsSchema } from '@shared/schemas/visitors';
import { ModuleSettingsTab } from '@client/components/form/ModuleSettingsTab';

/** Visitors: how long their personal data is kept before the worker anonymises it (Ley 172-13). */
export function VisitorsTab() {
  const { t } = useTranslation('visitors');
  const settings = useVisitorSettings();
  const update = useUpdateVisitorSettings();
  return (
    <ModuleSettingsTab ns="visitors" titleId="retention-title" settings={settings} update={update} schema={VisitorSettingsSchema} fields={['retentionDays']}>
      {({ register, formState: { errors } }) => (
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
      )}
    </ModuleSettingsTab>
  );
}
