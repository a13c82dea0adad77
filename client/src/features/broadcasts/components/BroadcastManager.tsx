import { Megaphone, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { messageText } from '@shared/messages';
import { useDeleteBroadcast } from '../api/delete-broadcast';
import { useBroadcasts, type Broadcast } from '../api/get-broadcasts';
import { broadcastFormValues, type BroadcastFormValues } from '../lib/form-values';
import { useBroadcastClock } from '../lib/timing';
import { BroadcastListItem } from './BroadcastListItem';
import type { BroadcastProperty } from '../api/get-broadcast-properties';
import { useBroadcastReceipts } from '../api/get-broadcast-receipts';

// The form (and its calendar) loads when first opened: most readers never write.
const BroadcastFormDialog = lazy(() => import('./BroadcastFormDialog'));

export const PAGE_SIZE = 10;

type Editing = { broadcast?: Broadcast; values: BroadcastFormValues };

type BroadcastManagerProps = {
  propertyId: number;
  /** The property shown (named in the edit dialog), once known. */
  property?: BroadcastProperty;
  /** Where a new broadcast goes unless the administrator chooses otherwise: the property they chose, or none. */
  recipients: BroadcastProperty[];
  /** "active": status active and within its dates; "all": every status (the archive). */
  scope: 'active' | 'all';
  canManage: boolean;
};

/** The broadcasts of one property, paged, with create, edit and delete for administrators. */
export function BroadcastManager({ propertyId, property, recipients, scope, canManage }: BroadcastManagerProps) {
  const { t, i18n } = useTranslation('broadcasts');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Broadcast | null>(null);
  const list = useBroadcasts({ propertyId, onlyActive: scope === 'active', limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const items = list.data?.items ?? [];
  const now = useBroadcastClock(items);
  const remove = useDeleteBroadcast();
  const receipts = useBroadcastReceipts(propertyId, canManage).data;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        toast({ title: t('notices.deleted'), description: t('notices.deletedDescription'), variant: 'success' });
        // The last one of a later page gone: show the page before.
        if (items.length === 1 && page > 1) setPage(page - 1);
        setDeleting(null);
      },
      onError: () => toast({ title: t('notices.errorTitle'), description: messageText('broadcast_delete_error', lang), variant: 'destructive' }),
    });
  };

  const newButton = canManage && (
    <Button onClick={() => setEditing({ values: broadcastFormValues(undefined, recipients.map((recipient) => recipient.id)) })}>
      <Plus size={18} aria-hidden className="me-1" />
      {t('list.new')}
    </Button>
  );

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        {canManage ? <span /> : <p className="text-body-secondary mb-0">{t('list.readOnly')}</p>}
        {newButton}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorCard title={messageText('broadcasts_load_error', lang)} error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 && page === 1 ? (
        <EmptyState
          icon={Megaphone}
          title={scope === 'active' ? t('list.emptyActiveTitle') : t('list.emptyAllTitle')}
          description={scope === 'active' ? t('list.emptyActiveDescription') : t('list.emptyAllDescription')}
        />
      ) : (
        <>
          <ListGroup as="ul" className="bg-body" aria-busy={list.isPlaceholderData}>
            {items.map((broadcast) => (
              <BroadcastListItem
                key={broadcast.id}
                broadcast={broadcast}
                now={now}
                receipt={receipts?.get(broadcast.id)}
                onEdit={canManage ? (item) => setEditing({ broadcast: item, values: broadcastFormValues(item) }) : undefined}
                onDelete={canManage ? setDeleting : undefined}
              />
            ))}
          </ListGroup>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data?.total ?? 0}
            onChange={setPage}
            label={t('list.pages')}
          />
        </>
      )}
      {editing && (
        <Suspense fallback={null}>
          <BroadcastFormDialog
            broadcast={editing.broadcast}
            property={property}
            recipients={recipients}
            initialValues={editing.values}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        variant="danger"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('delete.body', { title: deleting.title })}
      </ConfirmDialog>
    </section>
  );
}
