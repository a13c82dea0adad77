import { Ban, CheckCircle2, Eye, MessageSquare, Play, RefreshCw, RotateCcw, ThumbsDown, ThumbsUp, UserCog, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '@client/components/lazy-dialog';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import type { MaintenanceAction, MaintenanceRequestView } from '@shared/schemas/maintenance';
import { usePatchRequest, type RequestPatch } from '../api/maintenance';

// The dialogs' forms (zod, react-hook-form, the date picker) load when one first opens.
const NoteDialog = lazyDialog(() => import('./RequestDialogs').then((m) => m.NoteDialog), (p) => p.show);
const TriageDialog = lazyDialog(() => import('./RequestDialogs').then((m) => m.TriageDialog), (p) => p.show);
const StatusDialog = lazyDialog(() => import('./RequestDialogs').then((m) => m.StatusDialog), (p) => p.show);

export type RequestCommand = { key: string; label: string; icon: LucideIcon; run: () => void; variant?: string; danger?: boolean };
type DialogKind = 'triage' | 'status' | 'decline' | 'cancel' | 'complete' | 'reopen';

/**
 * What the user may do to a request, as commands (menu items or buttons) and the dialogs they
 * open: exactly the `actions` the server gave. `onView`/`onComment` add the list's own entries.
 */
export function useRequestActions(request: MaintenanceRequestView, extra: { onView?: () => void; onComment?: () => void } = {}) {
  const { t } = useTranslation('maintenance');
  const patch = usePatchRequest(request.id);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const can = (action: MaintenanceAction) => request.actions.includes(action);

  const run = (body: RequestPatch & { photos?: File[] }, done: string, after?: () => void) =>
    patch.mutate(
      { version: request.version, ...body },
      {
        onSuccess: () => {
          toast({ title: t(`done.${done}`), variant: 'success' });
          after?.();
        },
        onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const close = () => setDialog(null);

  const commands: RequestCommand[] = [];
  const add = (when: boolean, command: RequestCommand) => when && commands.push(command);
  add(Boolean(extra.onView), { key: 'view', label: t('actions.view'), icon: Eye, run: () => extra.onView?.() });
  add(can('accept'), { key: 'accept', label: t('actions.accept'), icon: ThumbsUp, variant: 'success', run: () => run({ accepted: true }, 'accepted') });
  add(can('start'), { key: 'start', label: t('actions.start'), icon: Play, variant: 'primary', run: () => run({ status: 'in-progress' }, 'started') });
  add(can('complete'), { key: 'complete', label: t('actions.complete'), icon: CheckCircle2, variant: 'success', run: () => setDialog('complete') });
  add(can('edit'), { key: 'assign', label: t('actions.assign'), icon: UserCog, run: () => setDialog('triage') });
  add(can('edit') && (can('start') || can('complete') || can('cancel')), { key: 'status', label: t('actions.updateStatus'), icon: RefreshCw, run: () => setDialog('status') });
  add(Boolean(extra.onComment) && can('comment'), { key: 'comment', label: t('actions.comment'), icon: MessageSquare, run: () => extra.onComment?.() });
  add(can('reopen'), { key: 'reopen', label: t('actions.reopen'), icon: RotateCcw, run: () => setDialog('reopen') });
  add(can('decline'), { key: 'decline', label: t('actions.decline'), icon: ThumbsDown, variant: 'outline-danger', danger: true, run: () => setDialog('decline') });
  add(can('cancel') && !can('edit'), { key: 'cancel', label: t('actions.cancel'), icon: Ban, variant: 'outline-danger', danger: true, run: () => setDialog('cancel') });

  const note = (kind: 'decline' | 'cancel' | 'complete' | 'reopen', body: (reason: string, photos: File[]) => RequestPatch & { photos?: File[] }, done: string) => (
    <NoteDialog
      kind={kind}
      show={dialog === kind}
      pending={patch.isPending}
      required={kind === 'decline'}
      withPhotos={kind === 'complete'}
      onCancel={close}
      onConfirm={(reason, photos) => run(body(reason, photos), done, close)}
    />
  );
  const dialogs: ReactNode = (
    <>
      {note('decline', (reason) => ({ accepted: false, reason }), 'declined')}
      {note('cancel', (reason) => ({ status: 'cancelled', reason: reason || undefined }), 'cancelled')}
      {note('complete', (reason, photos) => ({ status: 'completed', reason: reason || undefined, photos }), 'completed')}
      {note('reopen', (reason) => ({ status: 'in-progress', reason: reason || undefined }), 'reopened')}
      {can('edit') && (
        <>
          <TriageDialog show={dialog === 'triage'} request={request} pending={patch.isPending} onCancel={close} onSave={(body) => run(body, 'updated', close)} />
          <StatusDialog show={dialog === 'status'} request={request} pending={patch.isPending} onCancel={close} onSave={(status, reason) => run({ status, reason: reason || undefined }, 'updated', close)} />
        </>
      )}
    </>
  );
  return { commands, dialogs, pending: patch.isPending };
}
