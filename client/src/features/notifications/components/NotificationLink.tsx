import { Dropdown } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { useFormatDate } from '@client/lib/format';
import type { Notification } from '../api/get-notifications';
import { useMarkNotification } from '../api/mark-notifications';

type NotificationLinkProps = { notification: Notification; onOpen?: () => void };

/**
 * One notification in the bell's menu: opening it marks it read and goes to the thing it is
 * about (or to the inbox, where a direct message is read).
 */
export function NotificationLink({ notification, onOpen }: NotificationLinkProps) {
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const mark = useMarkNotification();
  const open = () => {
    if (!notification.read) mark.mutate({ id: notification.id, read: true });
    onOpen?.();
    navigate(notification.link ?? `/notifications?id=${notification.id}`);
  };
  return (
    <Dropdown.Item as="button" type="button" onClick={open} className={`vec-notification px-3 py-2 border-bottom text-wrap ${notification.read ? '' : 'vec-unread'}`} data-testid="bell-item">
      <span className="d-block text-truncate fw-semibold">{notification.title}</span>
      <span className="d-block small text-body-secondary vec-clamp-2">{notification.body}</span>
      <time dateTime={notification.createdAt} className="d-block small text-body-secondary">
        {formatDate(notification.createdAt)}
      </time>
    </Dropdown.Item>
  );
}
