import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvents } from '@client/lib/live-events';
import { INBOX_EVENT_TYPES } from '@shared/notifications';
import { notificationsQueryKey } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import '../notifications.css';

// The menu (react-bootstrap's dropdown and Popper, 14 KB) loads at the first open, or as soon as
// the pointer or the focus reaches the bell: most pages are read without opening it.
const loadMenu = () => import('./BellMenu');
const BellMenu = lazy(loadMenu);

const BELL_CLASS = 'position-relative p-1 text-body vec-bell';

/**
 * The bell in the header: the unread count, updated live (the worker's `notification.created`
 * and other tabs' `notification.read`), and the latest notifications in a menu.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [menuWanted, setMenuWanted] = useState(false);
  const unread = useUnreadCount().data ?? 0;

  useLiveEvents((event) => {
    if ((INBOX_EVENT_TYPES as readonly string[]).includes(event.type)) {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey() });
    }
  });

  const label = unread ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  const face = (
    <>
      <Bell size={22} aria-hidden />
      {unread > 0 && (
        <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger" data-testid="notification-count" aria-hidden>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
  // Until the menu is wanted, the same button without it (Bootstrap's markup).
  const plain = (
    <div className="dropdown">
      <button
        type="button"
        className={`dropdown-toggle btn btn-link ${BELL_CLASS}`}
        aria-label={label}
        aria-expanded={false}
        data-testid="notification-bell"
        onClick={() => setMenuWanted(true)}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
      >
        {face}
      </button>
    </div>
  );
  return (
    <>
      {menuWanted ? (
        <Suspense fallback={plain}>
          <BellMenu label={label} unread={unread} face={face} className={BELL_CLASS} />
        </Suspense>
      ) : (
        plain
      )}
      <span className="visually-hidden" aria-live="polite">
        {unread ? t('bell.labelUnread', { count: unread }) : ''}
      </span>
    </>
  );
}
