import { ClipboardList, Plus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DataList } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { PageHeader } from '@client/components/PageHeader';
import { lazyDialog } from '@client/components/lazy-dialog';
import { useCurrentUser } from '@client/lib/auth';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { MAINTENANCE_PRIORITIES, type MaintenanceStatus } from '@shared/enums';
import { can, isAdministrator } from '@shared/permissions';
import {
  MAINTENANCE_FILTERS,
  MAINTENANCE_PAGE_SIZE,
  maintenanceExport,
  useAssignees,
  useMaintenanceList,
  useMaintenanceSummary,
} from '../api/maintenance';
import { JobButtons, RequestActionsMenu, useRequestColumns } from '../components/RequestColumns';
import { StatusCards } from '../components/StatusCards';
import { useMaintenanceLive } from '../lib/live';
import '../maintenance.css';

// The form (pickers, photos, zod) loads when first opened (components/lazy-dialog.tsx).
const NewRequestDialog = lazyDialog(() => import('../components/NewRequestDialog').then((m) => m.NewRequestDialog), (p) => p.show);

const TABS: Array<MaintenanceStatus | 'all'> = ['all', 'pending', 'in-progress', 'scheduled', 'completed'];

/**
 * /maintenance. Administrators: counts per status, tabs, search, filters (property, priority,
 * technician, overdue) kept in the URL, pages, CSV, row actions. Residents and owners: their
 * requests and "Nueva solicitud". Suppliers: "Mis trabajos", their assigned work with its next
 * steps as buttons. Everything follows live.
 */
export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  const user = useCurrentUser();
  const view = isAdministrator(user) ? 'admin' : user.role === 'Suplidor' ? 'supplier' : 'requester';
  const list = useListFilters(MAINTENANCE_FILTERS);
  const { filters } = list;
  const requests = useMaintenanceList(filters, list.page);
  useKeepPageInRange(list, requests, MAINTENANCE_PAGE_SIZE);
  const summary = useMaintenanceSummary(filters.propertyId);
  const assignees = useAssignees(null, view === 'admin');
  const columns = useRequestColumns(view);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(params.get('action') === 'new');
  useMaintenanceLive();

  const closeNew = () => {
    setCreating(false);
    if (params.has('action')) {
      const next = new URLSearchParams(params);
      next.delete('action');
      setParams(next, { replace: true });
    }
  };
  const newButton = can(user, 'maintenance.create') && (
    <Button onClick={() => setCreating(true)} className="d-inline-flex align-items-center gap-2">
      <Plus size={18} aria-hidden />
      {t('actions.new')}
    </Button>
  );
  const title = view === 'supplier' ? t('supplierTitle') : t('title');
  const description = t(view === 'admin' ? 'description' : view === 'supplier' ? 'supplierDescription' : 'requesterDescription');

  return (
    <>
      <PageHeader title={title} description={description} actions={newButton} />
      {view !== 'supplier' && (
        <StatusCards
          summary={summary.data}
          active={{ status: filters.status, overdue: filters.overdue === 'true' }}
          onPick={({ status, overdue }) => list.update({ status, overdue: overdue ? 'true' : null })}
        />
      )}
      <ListToolbar
        label={t('toolbar.label')}
        tabs={{
          label: t('tabs.label'),
          value: filters.status ?? 'all',
          items: TABS.map((tab) => ({ value: tab, label: tab === 'all' ? t('tabs.all') : t(`statuses.${tab}`) })),
          onChange: (value) => list.update({ status: value === 'all' ? null : (value as MaintenanceStatus) }),
        }}
        search={{ value: filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.search'), placeholder: t('toolbar.searchPlaceholder') }}
        filters={
          <>
            {view === 'admin' && (
              <PropertySelect
                className=""
                label={t('toolbar.property')}
                emptyLabel={t('toolbar.allProperties')}
                value={filters.propertyId}
                onChange={(propertyId) => list.update({ propertyId })}
              />
            )}
            <FilterSelect
              label={t('toolbar.priority')}
              emptyLabel={t('toolbar.allPriorities')}
              value={filters.priority}
              options={MAINTENANCE_PRIORITIES.map((value) => ({ value, label: t(`priorities.${value}`) }))}
              onChange={(priority) => list.update({ priority })}
            />
            {view === 'admin' && (
              <FilterSelect
                label={t('toolbar.assignee')}
                emptyLabel={t('toolbar.allAssignees')}
                value={filters.assignedToId === null ? null : String(filters.assignedToId)}
                options={(assignees.data ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
                onChange={(value) => list.update({ assignedToId: value === null ? null : Number(value) })}
              />
            )}
            {view !== 'supplier' && (
              <FilterSelect
                label={t('toolbar.deadline')}
                emptyLabel={t('toolbar.anyDeadline')}
                value={filters.overdue}
                options={[{ value: 'true' as const, label: t('toolbar.overdueOnly') }]}
                onChange={(overdue) => list.update({ overdue })}
              />
            )}
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={view === 'admin' ? maintenanceExport(filters) : undefined}
      />
      <DataList
        columns={columns}
        query={requests}
        rowKey={(request) => request.id}
        caption={view === 'supplier' ? t('supplierTitle') : t('table.caption')}
        actions={(request) => (view === 'supplier' ? <JobButtons request={request} /> : <RequestActionsMenu request={request} />)}
        cardActions={view === 'supplier' ? 'bottom' : 'top'}
        errorTitle={t('errors.list')}
        empty={{ icon: view === 'supplier' ? ClipboardList : Wrench, title: t('empty.title'), description: t(`empty.${view}`), action: newButton }}
        filtered={list.filtered && { title: t('empty.filteredTitle'), description: t('empty.filteredDescription'), onClear: list.clear }}
        pagination={{
          page: list.page,
          pageSize: MAINTENANCE_PAGE_SIZE,
          onChange: list.setPage,
          label: t('pager.label'),
        }}
        testId="maintenance"
        rowTestId="maintenance-row"
      />
      {can(user, 'maintenance.create') && <NewRequestDialog show={creating} onClose={closeNew} />}
    </>
  );
}
