import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-notifications';
import { NotificationLink } from './NotificationLink';

const LATEST = 6;

type BellMenuProps = { label: string; unread: number; face: ReactNode; className: string };

/**
 * The bell once it has been opened: react-bootstrap's dropdown (keyboard, closing on Escape or
 * outside) with the latest notifications. It arrives open, taking the place and the focus of the
 * plain button that asked for it (NotificationBell).
 */
export default function BellMenu({ label, unread, face, className }: BellMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const latest = useNotifications({ unread: false, page: 1, pageSize: LATEST }, open);
  const markAll = useMarkAllRead();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => toggle.current?.focus(), []);

  return (
    <Dropdown show={open} onToggle={setOpen} align="end">
      <Dropdown.Toggle ref={toggle} as={Button} variant="link" className={className} aria-label={label} data-testid="notification-bell">
        {face}
      </Dropdown.Toggle>
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
          latest.data.items.map((notification) => <NotificationLink key={notification.id} notification={notification} onOpen={() => setOpen(false)} />)
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
