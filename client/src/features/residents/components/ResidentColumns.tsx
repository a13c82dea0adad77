import { Eye, MessageSquare, Pencil, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import type { DataColumn } from '@client/components/list/DataList';
import { RowActionsMenu, type RowAction } from '@client/components/list/RowActionsMenu';
import { useFormatDate } from '@client/lib/format';
import type { Resident } from '@client/lib/types/resident';
import { ResidentStatusBadge } from './ResidentStatusBadge';
import { fullName } from '@shared/format';

export type ResidentActions = {
  onView: (resident: Resident) => void;
  onEdit: (resident: Resident) => void;
  onMessage: (resident: Resident) => void;
  onDeactivate: (resident: Resident) => void;
};


/** The Actions menu of a row: View Profile for everyone; Edit Details, Send Message and Deactivate for administrators. */
export function ResidentActionsMenu({ resident, canManage, onView, onEdit, onMessage, onDeactivate }: ResidentActions & { resident: Resident; canManage: boolean }) {
  const { t } = useTranslation('residents');
  const actions: RowAction[] = [{ label: t('actions.view'), icon: Eye, onClick: () => onView(resident) }];
  if (canManage) {
    actions.push(
      { label: t('actions.edit'), icon: Pencil, onClick: () => onEdit(resident) },
      { label: t('actions.message'), icon: MessageSquare, onClick: () => onMessage(resident) },
    );
    if (resident.status !== 'inactive') actions.push({ label: t('actions.deactivate'), icon: UserMinus, onClick: () => onDeactivate(resident), danger: true });
  }
  return <RowActionsMenu name={fullName(resident)} actions={actions} testId="resident-actions" />;
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

/** The directory's columns: Resident (the card's title on a phone), Unit, Status, Join Date. */
export function useResidentColumns(): DataColumn<Resident>[] {
  const { t } = useTranslation('residents');
  const formatDate = useFormatDate();
  return [
    { id: 'resident', header: t('table.resident'), card: 'title', cell: (resident) => <ResidentCell resident={resident} /> },
    {
      id: 'unit',
      header: t('table.unit'),
      cell: (resident) => (
        <>
          <div>{resident.unitNumber ?? '—'}</div>
          <div className="small text-body-secondary text-break">{resident.propertyName}</div>
        </>
      ),
    },
    { id: 'status', header: t('table.status'), cell: (resident) => <ResidentStatusBadge status={resident.status} /> },
    { id: 'joinDate', header: t('table.joinDate'), className: 'text-nowrap', cell: (resident) => formatDate(resident.joinDate, 'day') },
  ];
}
