import { useTranslation } from 'react-i18next';
import { ModuleSettingsTab } from '@client/components/form/ModuleSettingsTab';
import { TextField } from '@client/components/form/TextField';
import { ReminderScheduleSchema, type ReminderSchedule } from '@shared/schemas/collections';
import { useReminderSchedule, useSaveReminderSchedule } from '../api/reminders';

/** "-5, 0, 5" as the steps it names; anything not a number stays, for the schema to refuse. */
const asSteps = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => (/^[-+]?\d+$/.test(part) ? Number(part) : part))
    : value;

/** Settings > Cobros: the organization's reminder schedule (avisos de cobro, docs/modules/collections.md). */
export function ReminderScheduleTab() {
  const { t } = useTranslation('collections');
  const settings = useReminderSchedule();
  const update = useSaveReminderSchedule();
  return (
    <ModuleSettingsTab<ReminderSchedule> ns="collections" titleId="reminder-schedule-title" settings={settings} update={update} schema={ReminderScheduleSchema as never} fields={['steps']}>
      {({ register, formState: { errors } }) => {
        const stepErrors = errors.steps as unknown as ({ message?: string } | undefined)[] & { message?: string };
        const error = stepErrors?.message ? stepErrors : Array.isArray(stepErrors) ? stepErrors.find(Boolean) : undefined;
        return (
          <TextField
            className="mb-0"
            inputMode="text"
            label={t('settings.days')}
            registration={register('steps', { setValueAs: asSteps })}
            error={error}
            style={{ maxWidth: '20rem' }}
            data-testid="reminder-steps"
          />
        );
      }}
    </ModuleSettingsTab>
  );
}
