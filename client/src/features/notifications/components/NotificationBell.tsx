import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { useLiveEvents } from '@client/lib/live-events';
import { INBOX_EVENT_TYPES } from '@shared/notifications';
import { notificationsQueryKey, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-notifications';
import { NotificationLink } from './NotificationLink';
import '../notifications.css';

const LATEST = 6;

/**
 * The bell in the header: the unread count, updated live (the worker's `notification.created`
 * and other tabs' `notification.read`), and the latest notifications in a menu.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const latest = useNotifications({ unread: false, page: 1, pageSize: LATEST }, open);
  const markAll = useMarkAllRead();

  useLiveEvents((event) => {
    if ((INBOX_EVENT_TYPES as readonly string[]).includes(event.type)) {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey() });
    }
  });

  const label = unread ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    <Dropdown show={open} onToggle={setOpen} align="end">
      <Dropdown.Toggle as={Button} variant="link" className="position-relative p-1 text-body vec-bell" aria-label={label} data-testid="notification-bell">
        <Bell size={22} aria-hidden />
        {unread > 0 && (
          <Badge bg="danger" pill className="position-absolute top-0 start-100 translate-middle" data-testid="notification-count" aria-hidden>
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Dropdown.Toggle>
      <span className="visually-hidden" aria-live="polite">{unread ? t('bell.labelUnread', { count: unread }) : ''}</span>
      <Dropdown.Menu className="vec-bell-menu p-0 shadow" aria-label={t('bell.menu')}>
        <div className="d-flex align-items-center justify-content-between gap-2 px-3 py-2 border-bottom">
          <span className="fw-semibold">{t('bell.label')}</span>
          <Button size="sm" variant="link" className="p-0" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()}>
            {t('bell.markAllRead')}
          </Button>
        </div>
        {latest.isPending ? (
          <Loading />
        ) : latest.isError ? (
          <p className="text-danger small px-3 py-2 mb-0">{t('bell.loadError')}</p>
        ) : latest.data.items.length ? (
          latest.data.items.map((notification) => (
            <NotificationLink key={notification.id} notification={notification} onOpen={() => setOpen(false)} />
          ))
        ) : (
          <p className="text-body-secondary small px-3 py-3 mb-0">{t('bell.empty')}</p>
        )}
        <Dropdown.Item as={Link} to="/notifications" className="text-center border-top py-2 small fw-semibold" onClick={() => setOpen(false)}>
          {t('bell.viewAll')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
