import { AlertTriangle, ArrowDown, ArrowUp, Minus, type LucideIcon } from 'lucide-react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { MaintenancePriority, MaintenanceStatus } from '@shared/enums';

// Subtle backgrounds with dark text: readable (WCAG AA) in every status.
const STATUS_BG: Record<MaintenanceStatus, string> = {
  pending: 'warning-subtle',
  scheduled: 'info-subtle',
  'in-progress': 'primary-subtle',
  completed: 'success-subtle',
  cancelled: 'secondary-subtle',
};

export function StatusBadge({ status }: { status: MaintenanceStatus }) {
  const { t } = useTranslation('maintenance');
  return (
    <Badge bg={STATUS_BG[status]} text="dark" className="border" data-testid="maintenance-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

const PRIORITY: Record<MaintenancePriority, { icon: LucideIcon; bg: string; text?: 'dark' }> = {
  low: { icon: ArrowDown, bg: 'secondary-subtle', text: 'dark' },
  medium: { icon: Minus, bg: 'info-subtle', text: 'dark' },
  high: { icon: ArrowUp, bg: 'warning-subtle', text: 'dark' },
  emergency: { icon: AlertTriangle, bg: 'danger' },
};

/** The spec's "icon plus badge" of a priority. */
export function PriorityBadge({ priority }: { priority: MaintenancePriority }) {
  const { t } = useTranslation('maintenance');
  const { icon: Icon, bg, text } = PRIORITY[priority];
  return (
    <Badge bg={bg} text={text} className="d-inline-flex align-items-center gap-1 border" data-testid="maintenance-priority">
      <Icon size={12} aria-hidden />
      {t(`priorities.${priority}`)}
    </Badge>
  );
}

export function OverdueBadge() {
  const { t } = useTranslation('maintenance');
  return (
    <Badge bg="danger" className="ms-1" data-testid="maintenance-overdue">
      {t('table.overdue')}
    </Badge>
  );
}
