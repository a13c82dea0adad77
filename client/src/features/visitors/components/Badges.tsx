import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { VisitType, VisitorStatus } from '@shared/enums';

// Subtle backgrounds with dark text: readable (WCAG AA) in every status.
const STATUS_BG: Record<VisitorStatus, string> = {
  scheduled: 'info-subtle',
  pending: 'warning-subtle',
  'checked-in': 'success-subtle',
  'checked-out': 'secondary-subtle',
  cancelled: 'secondary-subtle',
  denied: 'danger-subtle',
  expired: 'secondary-subtle',
};

export function VisitorStatusBadge({ status }: { status: VisitorStatus }) {
  const { t } = useTranslation('visitors');
  return (
    <Badge bg={STATUS_BG[status]} text="dark" className="border" data-testid="visitor-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

const TYPE_BG: Record<VisitType, string> = { guest: 'primary-subtle', service: 'warning-subtle', delivery: 'light' };

export function VisitTypeBadge({ type }: { type: VisitType }) {
  const { t } = useTranslation('visitors');
  return (
    <Badge bg={TYPE_BG[type]} text="dark" className="border">
      {t(`types.${type}`)}
    </Badge>
  );
}
