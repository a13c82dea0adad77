import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { useLastShown } from '@client/hooks/use-last-shown';
import { errorMessage, isApiError } from '@client/lib/api';

/**
 * Delete after a confirmation dialog: the row being confirmed (`shown` keeps it while the
 * dialog fades out), and why the server refused (409: payments, documents, residents), which
 * stays in the dialog until it is closed. Other failures close it; every failure is a notice.
 */
export function useConfirmedDelete<T extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  onDeleted: (row: T) => void,
) {
  const { t } = useTranslation('properties');
  const [target, setTarget] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = useLastShown(target);

  const cancel = () => {
    setTarget(null);
    setRefusal(null);
  };
  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        onDeleted(target);
        cancel();
      },
      onError: (error) => {
        if (isApiError(error, 409)) setRefusal(errorMessage(error));
        else cancel();
        toast({ title: t('notices.errorTitle'), description: errorMessage(error), variant: 'destructive' });
      },
    });
  };
  return { target, shown, ask: setTarget, cancel, confirm, refusal, pending: remove.isPending };
}
