import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AssemblyStatus } from '@shared/assemblies';

const BG: Record<AssemblyStatus, string> = { draft: 'light', convened: 'info', in_session: 'success', closed: 'secondary', cancelled: 'danger' };

export function StatusBadge({ status }: { status: AssemblyStatus }) {
  const { t } = useTranslation('assemblies');
  return (
    <Badge bg={BG[status]} text={status === 'draft' || status === 'convened' ? 'dark' : undefined} className="border" data-testid="assembly-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
