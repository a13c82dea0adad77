import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { downloadFile } from '@client/lib/download';

/**
 * Export CSV of a list: `download({ path: withQuery('/api/x/export', filters), fileName: 'x.csv' })`
 * fetches with the session and saves under the server's file name; `pending` while it runs; a
 * notice when it is saved or why it failed. (A ListToolbar's `csv` uses it.)
 */
export function useCsvDownload() {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: downloadFile,
    onSuccess: () => toast({ title: t('list.exported'), variant: 'success' }),
    onError: (error) => toast({ title: t('list.exportFailed'), description: errorMessage(error), variant: 'destructive' }),
  });
  return { download: mutation.mutate, pending: mutation.isPending };
}
