import { Pencil, SearchX, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { Pager } from '@client/components/Pager';
import { PROPERTY_RESIDENTS_PAGE_SIZE, usePropertyResidents } from '@client/lib/property-residents';
import type { Resident } from '@client/lib/types/resident';
import { useFormatDate } from '@client/lib/format';
import { useSearchPaging } from '../lib/use-search-paging';
import { usePropertySlots } from '../slots';
import { ListSearch } from './ListSearch';
import { PropertyUsersDialog } from './PropertyUsersDialog';
import { fullName } from '@shared/format';

type ResidentsTabProps = { propertyId: number; propertyName: string; canManage: boolean };

/** Residents: the real residents of the property, add, edit and deactivate, and View users. */
export function ResidentsTab({ propertyId, propertyName, canManage }: ResidentsTabProps) {
  const { t } = useTranslation('properties');
  const { ResidentFormDialog, DeactivateResidentDialog } = usePropertySlots();
  const { search, setSearch, q, page, setPage } = useSearchPaging();
  const residents = usePropertyResidents(propertyId, { q, page });
  const [editing, setEditing] = useState<Resident | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Resident | null>(null);
  const [viewingUsers, setViewingUsers] = useState(false);
  const total = residents.data?.total ?? 0;

  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} className="d-inline-flex align-items-center gap-1">
      <UserPlus size={16} aria-hidden />
      {t('residents.add')}
    </Button>
  );

  let content;
  if (residents.isPending) content = <Loading />;
  else if (residents.isError) content = <ErrorCard title={t('residents.loadError')} error={residents.error} onRetry={() => void residents.refetch()} />;
  else if (!residents.data.items.length) {
    content = q ? (
      <EmptyState icon={SearchX} title={t('residents.noMatches')} />
    ) : (
      <EmptyState icon={Users} title={t('residents.emptyTitle')} description={t('residents.emptyDescription')} action={addButton} />
    );
  } else {
    content = (
      <>
        <ListGroup as="ul" aria-label={t('residents.listLabel')} aria-busy={residents.isPlaceholderData} data-testid="property-residents">
          {residents.data.items.map((resident) => (
            <ResidentItem key={resident.id} resident={resident} canManage={canManage} onEdit={setEditing} onDeactivate={setDeactivating} />
          ))}
        </ListGroup>
        <Pager
          page={page}
          pageSize={PROPERTY_RESIDENTS_PAGE_SIZE}
          total={total}
          onChange={setPage}
          label={t('residents.pagerLabel')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="residents-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h3 id="residents-heading" className="h6 mb-0">
          {t('residents.title')}
        </h3>
        {canManage && (
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-primary" onClick={() => setViewingUsers(true)} className="d-inline-flex align-items-center gap-1">
              <Users size={16} aria-hidden />
              {t('users.open')}
            </Button>
            {total > 0 && addButton}
          </div>
        )}
      </div>
      {Boolean(search || q || total > PROPERTY_RESIDENTS_PAGE_SIZE) && (
        <ListSearch label={t('residents.search')} placeholder={t('residents.searchPlaceholder')} value={search} onChange={setSearch} />
      )}
      {content}
      {canManage && (
        <>
          <ResidentFormDialog
            show={editing !== null}
            resident={editing === 'new' ? null : editing}
            propertyId={propertyId}
            onClose={() => setEditing(null)}
          />
          <DeactivateResidentDialog resident={deactivating} onClose={() => setDeactivating(null)} />
          <PropertyUsersDialog show={viewingUsers} propertyId={propertyId} propertyName={propertyName} onClose={() => setViewingUsers(false)} />
        </>
      )}
    </section>
  );
}

type ResidentItemProps = { resident: Resident; canManage: boolean; onEdit: (resident: Resident) => void; onDeactivate: (resident: Resident) => void };

function ResidentItem({ resident, canManage, onEdit, onDeactivate }: ResidentItemProps) {
  const { t } = useTranslation('properties');
  const { ResidentStatusBadge } = usePropertySlots();
  const formatDate = useFormatDate();
  const name = fullName(resident.name, resident.lastName);
  const contact = [resident.email, resident.phone].filter(Boolean).join(' · ');
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap align-items-center gap-3 py-3" data-testid="property-resident">
      <Avatar name={resident.name} lastName={resident.lastName} src={resident.avatarUrl} size={40} />
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold text-break">{name}</span>
          <ResidentStatusBadge status={resident.status} />
        </div>
        {contact && <div className="small text-body-secondary text-break">{contact}</div>}
        <div className="small text-body-secondary">
          {resident.unitNumber ? t('residents.unitValue', { unit: resident.unitNumber }) : t('residents.noUnit')} ·{' '}
          {t('residents.since', { date: formatDate(resident.joinDate, 'day') })}
        </div>
      </div>
      {canManage && (
        <div className="d-flex gap-1">
          <Button variant="outline-secondary" size="sm" onClick={() => onEdit(resident)} aria-label={t('residents.editNamed', { name })} title={t('residents.edit')}>
            <Pencil size={16} aria-hidden />
          </Button>
          {resident.status !== 'inactive' && (
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => onDeactivate(resident)}
              aria-label={t('residents.deactivateNamed', { name })}
              title={t('residents.deactivate')}
            >
              <UserMinus size={16} aria-hidden />
            </Button>
          )}
        </div>
      )}
    </ListGroup.Item>
  );
}
