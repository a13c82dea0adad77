import { parseISO } from 'date-fns';
import { Eye, MessageSquare, MoreHorizontal, Pencil, UserMinus } from 'lucide-react';
import { Dropdown, ListGroup, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { useMediaQuery } from '@client/hooks/use-media-query';
import { useFormatDate } from '@client/lib/format';
import type { Resident } from '../api/types';
import { ResidentStatusBadge } from './ResidentStatusBadge';

export type ResidentActions = {
  onView: (resident: Resident) => void;
  onEdit: (resident: Resident) => void;
  onMessage: (resident: Resident) => void;
  onDeactivate: (resident: Resident) => void;
};

const fullName = (resident: Pick<Resident, 'name' | 'lastName'>) => [resident.name, resident.lastName].filter(Boolean).join(' ');

/** The Actions menu of a row: View Profile for everyone; Edit Details, Send Message and Deactivate for administrators. */
function ActionsMenu({ resident, canManage, onView, onEdit, onMessage, onDeactivate }: ResidentActions & { resident: Resident; canManage: boolean }) {
  const { t } = useTranslation('residents');
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="outline-secondary" size="sm" aria-label={t('actions.menuNamed', { name: fullName(resident) })} data-testid="resident-actions">
        <MoreHorizontal size={16} aria-hidden />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => onView(resident)}>
          <Eye size={16} className="me-2" aria-hidden />
          {t('actions.view')}
        </Dropdown.Item>
        {canManage && (
          <>
            <Dropdown.Item as="button" onClick={() => onEdit(resident)}>
              <Pencil size={16} className="me-2" aria-hidden />
              {t('actions.edit')}
            </Dropdown.Item>
            <Dropdown.Item as="button" onClick={() => onMessage(resident)}>
              <MessageSquare size={16} className="me-2" aria-hidden />
              {t('actions.message')}
            </Dropdown.Item>
            {resident.status !== 'inactive' && (
              <>
                <Dropdown.Divider />
                <Dropdown.Item as="button" className="text-danger" onClick={() => onDeactivate(resident)}>
                  <UserMinus size={16} className="me-2" aria-hidden />
                  {t('actions.deactivate')}
                </Dropdown.Item>
              </>
            )}
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

function ResidentCell({ resident }: { resident: Resident }) {
  return (
    <div className="d-flex align-items-center gap-2 min-w-0">
      <Avatar name={resident.name} lastName={resident.lastName} src={resident.avatarUrl} size={36} />
      <div className="min-w-0">
        <div className="fw-semibold text-break" data-testid="resident-name">
          {fullName(resident)}
        </div>
        {resident.email && <div className="small text-body-secondary text-break">{resident.email}</div>}
      </div>
    </div>
  );
}

type ResidentsTableProps = ResidentActions & { residents: Resident[]; canManage: boolean; updating: boolean };

/** The directory page: a table from 768 px (Resident, Unit, Status, Join Date, Actions), cards on a phone. */
export function ResidentsTable({ residents, canManage, updating, ...actions }: ResidentsTableProps) {
  const { t } = useTranslation('residents');
  const wide = useMediaQuery('(min-width: 768px)');
  const formatDate = useFormatDate();
  const joined = (resident: Resident) => formatDate(parseISO(resident.joinDate), 'PP');
  const unit = (resident: Resident) => (
    <>
      <div>{resident.unitNumber ?? '—'}</div>
      <div className="small text-body-secondary text-break">{resident.propertyName}</div>
    </>
  );

  if (!wide) {
    return (
      <ListGroup as="ul" className="shadow-sm" aria-label={t('table.caption')} aria-busy={updating} data-testid="residents-list">
        {residents.map((resident) => (
          <ListGroup.Item as="li" key={resident.id} className="py-3" data-testid="resident-row">
            <div className="d-flex align-items-start justify-content-between gap-2">
              <ResidentCell resident={resident} />
              <ActionsMenu resident={resident} canManage={canManage} {...actions} />
            </div>
            <dl className="row small mt-2 mb-0 g-0">
              <dt className="col-5 fw-normal text-body-secondary">{t('table.unit')}</dt>
              <dd className="col-7 mb-1">{unit(resident)}</dd>
              <dt className="col-5 fw-normal text-body-secondary">{t('table.status')}</dt>
              <dd className="col-7 mb-1">
                <ResidentStatusBadge status={resident.status} />
              </dd>
              <dt className="col-5 fw-normal text-body-secondary">{t('table.joinDate')}</dt>
              <dd className="col-7 mb-0">{joined(resident)}</dd>
            </dl>
          </ListGroup.Item>
        ))}
      </ListGroup>
    );
  }

  return (
    <div className="card shadow-sm">
      <Table hover className="align-middle mb-0" aria-busy={updating} data-testid="residents-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.resident')}</th>
            <th scope="col">{t('table.unit')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.joinDate')}</th>
            <th scope="col" className="text-end">
              {t('table.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {residents.map((resident) => (
            <tr key={resident.id} data-testid="resident-row">
              <td>
                <ResidentCell resident={resident} />
              </td>
              <td>{unit(resident)}</td>
              <td>
                <ResidentStatusBadge status={resident.status} />
              </td>
              <td className="text-nowrap">{joined(resident)}</td>
              <td className="text-end">
                <ActionsMenu resident={resident} canManage={canManage} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
