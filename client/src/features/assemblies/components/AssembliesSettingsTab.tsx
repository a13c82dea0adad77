import { useTranslation } from 'react-i18next';
import { ModuleSettingsTab } from '@client/components/form/ModuleSettingsTab';
import { TextField } from '@client/components/form/TextField';
import { MAX_NOTICE_DAYS, MIN_NOTICE_DAYS } from '@shared/assemblies';
import { AssemblySettingsSchema } from '@shared/schemas/assemblies';
import { useAssemblySettings, useUpdateAssemblySettings } from '../api/assemblies';

/** Assemblies (system settings): the days of notice under which convening warns. */
export function AssembliesSettingsTab() {
  const { t } = useTranslation('assemblies');
  const settings = useAssemblySettings();
  const update = useUpdateAssemblySettings();
  return (
    <ModuleSettingsTab ns="assemblies" titleId="assembly-settings-title" settings={settings} update={update} schema={AssemblySettingsSchema} fields={['noticeDays']}>
      {({ register, formState: { errors } }) => (
        <TextField
          className="mb-0"
          type="number"
          inputMode="numeric"
          min={MIN_NOTICE_DAYS}
          max={MAX_NOTICE_DAYS}
          label={t('settings.noticeDays')}
          registration={register('noticeDays', { valueAsNumber: true })}
          error={errors.noticeDays}
          style={{ maxWidth: '12rem' }}
        />
      )}
    </ModuleSettingsTab>
  );
}
