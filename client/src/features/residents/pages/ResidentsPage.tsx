import { useQueryClient } from '@tanstack/react-query';
import { FileUp, UserPlus, Users } from 'lucide-react';
import { Suspense, useState, type ComponentType } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataList } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { useLiveEvents } from '@client/lib/live-events';
import { RESIDENT_STATUSES } from '@shared/enums';
import { can } from '@shared/permissions';
import { residentsExport } from '../api/export-residents';
import { RESIDENT_FILTERS, RESIDENTS_PAGE_SIZE, residentsQueryKey, useResidents } from '../api/get-residents';
import type { Resident } from '@client/lib/types/resident';
import { DeactivateResidentDialog } from '../components/DeactivateResidentDialog';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { ResidentActionsMenu, useResidentColumns } from '../components/ResidentColumns';
import { ResidentFormDialog } from '../components/ResidentFormDialog';
import { ResidentProfileDialog } from '../components/ResidentProfileDialog';
import { SendMessageDialog } from '../components/SendMessageDialog';

/**
 * /residents: the queue of access requests (administrators) and the directory of the residents of the properties the user may see, searched,
 * filtered (status, property; kept in the URL) and paged on the server; Add Resident, View
 * Profile, Edit Details, Send Message, Deactivate and the CSV export of the filtered list.
 * Changes made elsewhere show without a reload.
 */
export default function ResidentsPage({ JoinRequestsPanel }: { /** The queue of access requests, shown to administrators (app/routes/screens/ResidentsScreen.tsx). */ JoinRequestsPanel?: ComponentType }) {
  const { t } = useTranslation('residents');
  const user = useCurrentUser();
  const canManage = can(user, 'residents.manage');
  const queryClient = useQueryClient();
  const list = useListFilters(RESIDENT_FILTERS);
  const { filters } = list;
  const residents = useResidents({ ...filters, page: list.page });
  useKeepPageInRange(list, residents, RESIDENTS_PAGE_SIZE);
  const columns = useResidentColumns();
  const [viewing, setViewing] = useState<Resident | null>(null);
  const [editing, setEditing] = useState<Resident | 'new' | null>(null);
  const [messaging, setMessaging] = useState<Resident | null>(null);
  const [deactivating, setDeactivating] = useState<Resident | null>(null);

  // Residents, their units and property names change elsewhere too: the page follows.
  useLiveEvents((event) => {
    const [domain] = event.type.split('.');
    if (domain === 'property') void queryClient.invalidateQueries({ queryKey: ['properties'] });
    if (domain === 'resident' || domain === 'unit' || domain === 'property') void queryClient.invalidateQueries({ queryKey: residentsQueryKey() });
  });

  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} className="d-inline-flex align-items-center gap-2">
      <UserPlus size={18} aria-hidden />
      {t('actions.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canManage && (
            <>
              {/* The import wizard (onboarding), for owners and residents from a spreadsheet. */}
              <Link to="/import?kind=people" className="btn btn-outline-secondary d-inline-flex align-items-center gap-2">
                <FileUp size={18} aria-hidden />
                {t('actions.import')}
              </Link>
              {addButton}
            </>
          )
        }
      />
      {canManage && JoinRequestsPanel && (
        <Suspense fallback={null}>
          <JoinRequestsPanel />
        </Suspense>
      )}
      <ListToolbar
        label={t('toolbar.label')}
        search={{ value: filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.search'), placeholder: t('toolbar.searchPlaceholder') }}
        filters={
          <>
            <FilterSelect
              label={t('toolbar.status')}
              emptyLabel={t('toolbar.allStatuses')}
              value={filters.status}
              options={RESIDENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              onChange={(status) => list.update({ status })}
            />
            <PropertySelect
              className=""
              label={t('toolbar.property')}
              emptyLabel={t('toolbar.allProperties')}
              value={filters.propertyId}
              onChange={(propertyId) => list.update({ propertyId })}
            />
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={residentsExport(filters)}
      />
      <DataList
        columns={columns}
        query={residents}
        rowKey={(resident) => resident.id}
        caption={t('table.caption')}
        actions={(resident) => (
          <ResidentActionsMenu
            resident={resident}
            canManage={canManage}
            onView={setViewing}
            onEdit={setEditing}
            onMessage={setMessaging}
            onDeactivate={setDeactivating}
          />
        )}
        errorTitle={t('errors.list')}
        empty={{ icon: Users, title: t('empty.title'), description: t('empty.description'), action: addButton }}
        filtered={list.filtered && { title: t('empty.filteredTitle'), description: t('empty.filteredDescription'), onClear: list.clear }}
        pagination={{
          page: list.page,
          pageSize: RESIDENTS_PAGE_SIZE,
          onChange: list.setPage,
          label: t('pager.label'),
        }}
        testId="residents"
        rowTestId="resident-row"
      />
      <ResidentProfileDialog resident={viewing} onClose={() => setViewing(null)} />
      {canManage && (
        <>
          <ResidentFormDialog show={editing !== null} resident={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
          <SendMessageDialog resident={messaging} onClose={() => setMessaging(null)} />
          <DeactivateResidentDialog resident={deactivating} onClose={() => setDeactivating(null)} />
        </>
      )}
    </>
  );
}
