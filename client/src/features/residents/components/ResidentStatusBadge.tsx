import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ResidentStatus } from '@client/lib/types/resident';

/** Active green, inactive red, temporary blue (the spec's yellow "pending" has no resident status). */
const VARIANTS: Record<ResidentStatus, string> = { active: 'success', inactive: 'danger', temporary: 'info' };

export function ResidentStatusBadge({ status }: { status: ResidentStatus }) {
  const { t } = useTranslation('residents');
  return (
    <Badge bg={VARIANTS[status]} data-testid="resident-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
