import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import { useLastShown } from '@client/hooks/use-last-shown';
import { errorMessage } from '@client/lib/api';
import { useDeactivateResident } from '../api/save-resident';
import type { Resident } from '@client/lib/types/resident';
import { fullName } from '@shared/format';


/** Deactivate: asks first; the residence ends today and the user loses access to the property. */
export function DeactivateResidentDialog({ resident, onClose }: { resident: Resident | null; onClose: () => void }) {
  const { t } = useTranslation('residents');
  const deactivate = useDeactivateResident();
  const shown = useLastShown(resident);
  const confirm = () => {
    if (!resident) return;
    deactivate.mutate(resident, {
      onSuccess: () => toast({ title: t('notices.deactivated'), description: t('notices.deactivatedDescription', { name: fullName(resident) }), variant: 'success' }),
      onError: (error) => toast({ title: t('notices.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      show={resident !== null}
      title={t('deactivate.title')}
      confirmLabel={t('deactivate.confirm')}
      variant="danger"
      pending={deactivate.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {shown && <p className="mb-0">{t('deactivate.body', { name: fullName(shown), property: shown.propertyName })}</p>}
    </ConfirmDialog>
  );
}
