import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { formFailed } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import type { SettingsUpdateInput, SystemSettings } from '@shared/schemas/settings';
import { systemSettingsQueryOptions } from '../api/get-system-settings';
import { useUpdateSystemSettings } from '../api/update-system-settings';

type SaveTabOptions<T extends FieldValues> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver output
  form: UseFormReturn<T, any, any>;
  /** The tab's field names, for the server's field errors. */
  fields: readonly string[];
  settings: SystemSettings;
  /** The tab's values of the settings. */
  toValues: (settings: SystemSettings) => T;
};

/**
 * Saves one tab's fields with the version of the settings it shows (an untouched tab follows
 * changes made elsewhere; a stale save shows the conflict notice with Reload), its
 * confirmation notice, and server field errors beside the fields.
 */
export function useSaveTab<T extends FieldValues>(tab: 'general' | 'appearance' | 'features', { form, fields, settings, toValues }: SaveTabOptions<T>) {
  const { t } = useTranslation('systemSettings');
  const queryClient = useQueryClient();
  const update = useUpdateSystemSettings();
  const edit = useEditVersion({
    row: settings,
    form,
    toValues,
    fetchRow: () => queryClient.fetchQuery({ ...systemSettingsQueryOptions(), staleTime: 0 }),
  });
  const save = (values: SettingsUpdateInput) =>
    update.mutate(
      { ...values, version: edit.version },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          toast({ title: t('saved.title'), description: t(`saved.${tab}`), variant: 'success' });
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          formFailed(error, form.setError, fields, t('saveError'));
        },
      },
    );
  return { save, pending: update.isPending, notice: edit.notice };
}
