import { Pencil, Trash2 } from 'lucide-react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BRANDING } from '@shared/branding';
import type { Organization } from '../api/get-organizations';
import { StatusBadge, TypeBadge } from './OrganizationBadges';

type OrganizationsTableProps = {
  organizations: Organization[];
  /** Every organization the user reaches, to name parents. */
  names: Map<number, string>;
  ownOrganizationId: number;
  caption: string;
  /** Edit and delete; absent for a user who may only read. */
  onEdit?: (organization: Organization) => void;
  onDelete?: (organization: Organization) => void;
};

const DASH = '—';

/** Name, Type, Status, Parent, Domain, a blank column (the brand colours) and Actions. */
export function OrganizationsTable({ organizations, names, ownOrganizationId, caption, onEdit, onDelete }: OrganizationsTableProps) {
  const { t } = useTranslation('organizations');
  const manages = Boolean(onEdit && onDelete);
  return (
    <Table responsive hover className="align-middle caption-top mb-0" data-testid="organizations-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.name')}</th>
          <th scope="col">{t('table.type')}</th>
          <th scope="col">{t('table.status')}</th>
          <th scope="col">{t('table.parent')}</th>
          <th scope="col">{t('table.domain')}</th>
          {/* Positioned: the hidden label stays inside the table's scrolling box on phones. */}
          <th scope="col" className="position-relative">
            <span className="visually-hidden">{t('table.colors')}</span>
          </th>
          {manages && (
            <th scope="col" className="text-end">
              {t('table.actions')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {organizations.map((organization) => {
          const parent = organization.parentId === null ? undefined : names.get(organization.parentId);
          const own = organization.id === ownOrganizationId;
          return (
            <tr key={organization.id} data-testid="organization-row">
              <th scope="row" className="fw-semibold">
                {organization.name}
                {own && <span className="d-block small fw-normal text-body-secondary">{t('table.own')}</span>}
              </th>
              <td>
                <TypeBadge type={organization.type} />
              </td>
              <td>
                <StatusBadge status={organization.status} />
              </td>
              <td>{parent ?? DASH}</td>
              <td className="text-break">{organization.domain ?? DASH}</td>
              <td>
                <span className="d-inline-flex gap-1" role="img" aria-label={t('table.colorsOf', { name: organization.name })}>
                  {(['primaryColor', 'secondaryColor', 'accentColor'] as const).map((key) => (
                    <span key={key} className="vec-swatch" style={{ backgroundColor: organization[key] ?? DEFAULT_BRANDING[key] }} />
                  ))}
                </span>
              </td>
              {manages && (
                <td className="text-end text-nowrap">
                  <Button variant="link" size="sm" className="p-1" onClick={() => onEdit?.(organization)} aria-label={t('actions.edit', { name: organization.name })} title={t('actions.editShort')}>
                    <Pencil size={18} aria-hidden />
                  </Button>
                  {!own && (
                    <Button
                      variant="link"
                      size="sm"
                      className="p-1 text-danger"
                      onClick={() => onDelete?.(organization)}
                      aria-label={t('actions.delete', { name: organization.name })}
                      title={t('actions.deleteShort')}
                    >
                      <Trash2 size={18} aria-hidden />
                    </Button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
