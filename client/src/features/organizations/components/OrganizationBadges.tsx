import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { OrganizationStatus, OrganizationType } from '../api/get-organizations';

/** Master in the brand's secondary colour, client in its accent. */
export function TypeBadge({ type }: { type: OrganizationType }) {
  const { t } = useTranslation('organizations');
  return <span className={`badge ${type === 'master' ? 'vec-badge-secondary' : 'vec-badge-accent'}`}>{t(`types.${type}`)}</span>;
}

/** Active success, suspended destructive, inactive outline (spec). */
export function StatusBadge({ status }: { status: OrganizationStatus }) {
  const { t } = useTranslation('organizations');
  const label = t(`statuses.${status}`);
  if (status === 'inactive') return <span className="badge border border-secondary-subtle text-body-secondary">{label}</span>;
  return <Badge bg={status === 'active' ? 'success' : 'danger'}>{label}</Badge>;
}
