import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import { useLastShown } from '@client/hooks/use-last-shown';
import { errorMessage } from '@client/lib/api';
import { applicantName, useDeclineJoinRequest, type JoinRequest } from '../api/join-requests';

/** Decline: asks first; the person keeps an account that reads nothing, and may ask again. */
export function DeclineJoinRequestDialog({ request, onClose }: { request: JoinRequest | null; onClose: () => void }) {
  const { t } = useTranslation('joinRequests');
  const decline = useDeclineJoinRequest();
  const shown = useLastShown(request);
  const confirm = () => {
    if (!request) return;
    decline.mutate(request.id, {
      onSuccess: () => toast({ title: t('decline.doneTitle'), description: t('decline.done', { name: applicantName(request) }), variant: 'success' }),
      onError: (error) => toast({ title: t('decline.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      show={request !== null}
      title={t('decline.title')}
      confirmLabel={t('decline.confirm')}
      variant="danger"
      pending={decline.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {shown && <p className="mb-0">{t('decline.body', { name: applicantName(shown) })}</p>}
    </ConfirmDialog>
  );
}
