import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import type { SettingsUpdateInput } from '@shared/schemas/settings';
import { useUpdateSystemSettings } from '../api/update-system-settings';

/** Saves one tab's fields with its confirmation notice; server field errors go beside the fields. */
export function useSaveTab<T extends FieldValues>(tab: 'general' | 'appearance' | 'features', setError: UseFormSetError<T>, fields: readonly string[]) {
  const { t } = useTranslation('systemSettings');
  const update = useUpdateSystemSettings();
  const save = (values: SettingsUpdateInput) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: t('saved.title'), description: t(`saved.${tab}`), variant: 'success' }),
      onError: (error) => {
        applyServerErrors(setError, error, fields);
        toast({ title: t('saveError'), description: errorMessage(error), variant: 'destructive' });
      },
    });
  return { save, pending: update.isPending };
}
