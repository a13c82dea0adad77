import { BellOff, CheckCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { Pager } from '@client/components/Pager';
import { ListToolbar } from '@client/components/list/ListToolbar';
import { toast } from '@client/components/toast/toast';
import { param, useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { errorMessage } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications, type Notification } from '../api/get-notifications';
import { useMarkAllRead, useMarkNotification } from '../api/mark-notifications';

const FILTERS = { filter: param.oneOf(['all', 'unread'], 'all') };

/**
 * /notifications: the inbox, newest first, all or only the unread (`?filter=unread`), paged
 * (`?page=`). A notification opened from an email (`?id=`) is shown highlighted and marked read.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const filters = useListFilters(FILTERS);
  const unread = filters.filters.filter === 'unread';
  const highlighted = Number(useSearchParams()[0].get('id')) || null;
  const list = useNotifications({ unread, page: filters.page });
  useKeepPageInRange(filters, list, NOTIFICATIONS_PAGE_SIZE);
  const markAll = useMarkAllRead();

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: ({ updated }) => toast({ title: t('allRead', { count: updated }), variant: 'success' }),
      onError: (error) => toast({ title: t('updateFailed'), description: errorMessage(error), variant: 'destructive' }),
    });

  let content;
  if (list.isPending) content = <Loading />;
  else if (list.isError) content = <ErrorCard error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data.items.length) {
    content = <EmptyState icon={unread ? CheckCheck : BellOff} title={t(unread ? 'empty.unreadTitle' : 'empty.allTitle')} description={t(unread ? 'empty.unread' : 'empty.all')} />;
  } else {
    content = (
      <>
        <ListGroup as="ul" className="shadow-sm" data-testid="notification-list">
          {list.data.items.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} highlighted={notification.id === highlighted} />
          ))}
        </ListGroup>
        <Pager
          page={filters.page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          total={list.data.total}
          onChange={filters.setPage}
          label={t('pager.label')}
        />
      </>
    );
  }

  const unreadCount = list.data?.unread ?? 0;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="outline-primary" onClick={readAll} disabled={!unreadCount || markAll.isPending}>
            <CheckCheck size={16} aria-hidden className="me-1" />
            {t('markAllRead')}
          </Button>
        }
      />
      <ListToolbar
        label={t('title')}
        tabs={{
          label: t('title'),
          value: filters.filters.filter,
          items: [
            { value: 'all', label: t('filter.all') },
            { value: 'unread', label: t('filter.unread'), count: unreadCount },
          ],
          onChange: (value) => filters.update({ filter: value as 'all' | 'unread' }),
        }}
      />
      {content}
    </>
  );
}

function NotificationRow({ notification, highlighted }: { notification: Notification; highlighted: boolean }) {
  const { t } = useTranslation('notifications');
  const formatDate = useFormatDate();
  const mark = useMarkNotification();
  const row = useRef<HTMLLIElement>(null);
  const toggle = (read: boolean) => mark.mutate({ id: notification.id, read });

  // Opened from an email or the bell: shown, and read.
  useEffect(() => {
    if (!highlighted) return;
    row.current?.scrollIntoView({ block: 'center' });
    if (!notification.read) mark.mutate({ id: notification.id, read: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it is first shown
  }, [highlighted]);

  return (
    <ListGroup.Item as="li" ref={row} className={`py-3 ${highlighted ? 'vec-highlight' : ''}`} data-testid="notification-item" data-read={notification.read}>
      <div className="d-flex flex-wrap gap-2 column-gap-3 align-items-start">
        <span className={`vec-dot mt-2 flex-shrink-0 ${notification.read ? 'invisible' : ''}`} aria-hidden />
        {/* On a phone the actions go under the text. */}
        <div className="min-w-0" style={{ flex: '1 1 15rem' }}>
          <h2 className={`h6 mb-1 text-break ${notification.read ? 'fw-normal' : 'fw-bold'}`}>
            {!notification.read && <span className="visually-hidden">{t('unreadMark')} </span>}
            {notification.title}
          </h2>
          {notification.body && (
            <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
              {notification.body}
            </p>
          )}
          <time dateTime={notification.createdAt} className="small text-body-secondary">
            {formatDate(notification.createdAt)}
          </time>
        </div>
        <div className="d-flex gap-2 flex-shrink-0 ms-auto">
          {notification.link && (
            <Link to={notification.link} className="btn btn-sm btn-primary" onClick={() => !notification.read && toggle(true)}>
              {t('open')}
            </Link>
          )}
          <Button size="sm" variant="outline-secondary" onClick={() => toggle(!notification.read)} disabled={mark.isPending}>
            {notification.read ? t('markUnread') : t('markRead')}
          </Button>
        </div>
      </div>
    </ListGroup.Item>
  );
}
