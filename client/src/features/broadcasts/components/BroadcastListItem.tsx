import { CheckCheck, Pencil, Trash2 } from 'lucide-react';
import { Badge, Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@client/lib/format';
import type { BroadcastReceipt } from '@shared/schemas/notifications';
import type { Broadcast } from '../api/get-broadcasts';
import { CATEGORY_STYLE } from '../lib/categories';

const STATUS_BADGE: Record<Broadcast['status'], { bg: string; text?: 'dark' }> = {
  active: { bg: 'success' },
  expired: { bg: 'secondary' },
  draft: { bg: 'light', text: 'dark' },
};

type BroadcastListItemProps = {
  broadcast: Broadcast;
  now: number;
  /** Administrators: how many of its recipients read it. */
  receipt?: BroadcastReceipt;
  onEdit?: (broadcast: Broadcast) => void;
  onDelete?: (broadcast: Broadcast) => void;
};

/** One broadcast of the screen's lists: what it says, its category and status, its dates. */
export function BroadcastListItem({ broadcast, now, receipt, onEdit, onDelete }: BroadcastListItemProps) {
  const { t } = useTranslation('broadcasts');
  const formatDate = useFormatDate();
  const { variant, icon: Icon } = CATEGORY_STYLE[broadcast.category];
  const status = STATUS_BADGE[broadcast.status];
  const active = broadcast.status === 'active';
  // Active by status but outside its dates: not shown to residents right now.
  const scheduled = active && Date.parse(broadcast.startDate) > now;
  const ended = active && broadcast.endDate !== null && Date.parse(broadcast.endDate) <= now;

  return (
    <ListGroup.Item as="li" className="py-3" data-testid="broadcast-item">
      <div className="d-flex flex-wrap gap-3 align-items-start justify-content-between">
        <div className="min-w-0 flex-grow-1 vec-measure">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <h3 className="h6 mb-0 text-break">{broadcast.title}</h3>
            <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} className="d-inline-flex align-items-center gap-1">
              <Icon size={12} aria-hidden />
              {t(`category.${broadcast.category}`)}
            </Badge>
            <Badge bg={status.bg} text={status.text} className={broadcast.status === 'draft' ? 'border' : undefined}>
              {t(`status.${broadcast.status}`)}
            </Badge>
            {scheduled && (
              <Badge bg="info" text="dark">
                {t('list.scheduled')}
              </Badge>
            )}
            {ended && (
              <Badge bg="light" text="dark" className="border">
                {t('list.ended')}
              </Badge>
            )}
          </div>
          <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
            {broadcast.message}
          </p>
          <p className="small text-body-secondary mb-0">
            <span>{t('list.starts', { date: formatDate(broadcast.startDate, 'day') })}</span>
            <span aria-hidden> · </span>
            <span>{broadcast.endDate ? t('list.ends', { date: formatDate(broadcast.endDate, 'day') }) : t('list.noEnd')}</span>
          </p>
          {receipt && (
            <p className="small text-body-secondary mb-0 mt-1 d-flex align-items-center gap-1" data-testid="broadcast-receipt">
              <CheckCheck size={14} aria-hidden />
              {t('list.readBy', { read: receipt.read, recipients: receipt.recipients })}
            </p>
          )}
        </div>
        {(onEdit || onDelete) && (
          <div className="d-flex gap-2 flex-shrink-0">
            {onEdit && (
              <Button size="sm" variant="outline-primary" onClick={() => onEdit(broadcast)} aria-label={t('list.editLabel', { title: broadcast.title })}>
                <Pencil size={14} aria-hidden className="me-1" />
                {t('list.edit')}
              </Button>
            )}
            {onDelete && (
              <Button size="sm" variant="outline-danger" onClick={() => onDelete(broadcast)} aria-label={t('list.deleteLabel', { title: broadcast.title })}>
                <Trash2 size={14} aria-hidden className="me-1" />
                {t('list.delete')}
              </Button>
            )}
          </div>
        )}
      </div>
    </ListGroup.Item>
  );
}
