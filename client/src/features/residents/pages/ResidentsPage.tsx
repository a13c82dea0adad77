import { useQueryClient } from '@tanstack/react-query';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/features/auth/api/get-user';
import { errorMessage } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';
import { RESIDENT_STATUSES } from '@shared/enums';
import { can } from '@shared/permissions';
import { useExportResidents } from '../api/export-residents';
import { RESIDENTS_PAGE_SIZE, residentsQueryKey, useResidents, type ResidentFilters } from '../api/get-residents';
import type { Resident, ResidentStatus } from '../api/types';
import { DeactivateResidentDialog } from '../components/DeactivateResidentDialog';
import { ResidentFormDialog } from '../components/ResidentFormDialog';
import { ResidentProfileDialog } from '../components/ResidentProfileDialog';
import { ResidentsTable } from '../components/ResidentsTable';
import { ResidentsToolbar } from '../components/ResidentsToolbar';
import { SendMessageDialog } from '../components/SendMessageDialog';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

/** The filters live in the URL (`?q=&status=&propertyId=&page=`): links, reloads and Back keep them. */
function filtersFrom(params: URLSearchParams): ResidentFilters {
  const status = params.get('status') as ResidentStatus;
  return {
    q: params.get('q') ?? '',
    status: RESIDENT_STATUSES.includes(status) ? status : null,
    propertyId: positive(params.get('propertyId')),
    page: positive(params.get('page')) ?? 1,
  };
}

/**
 * /residents: the directory of the residents of the properties the user may see, searched,
 * filtered (status, property) and paged on the server; Add Resident, View Profile, Edit
 * Details, Send Message, Deactivate and the CSV export of the filtered list. Changes made
 * elsewhere show without a reload.
 */
export default function ResidentsPage() {
  const { t } = useTranslation('residents');
  const user = useCurrentUser();
  const canManage = can(user, 'residents.manage');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  // Suppliers read no residents (PRODUCT.md): the directory says so instead of asking.
  const readsResidents = user.role !== 'Suplidor';
  const residents = useResidents(filters, readsResidents);
  const exporting = useExportResidents();
  const [viewing, setViewing] = useState<Resident | null>(null);
  const [editing, setEditing] = useState<Resident | 'new' | null>(null);
  const [messaging, setMessaging] = useState<Resident | null>(null);
  const [deactivating, setDeactivating] = useState<Resident | null>(null);

  const updateParams = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // Any filter change starts again at the first page.
  const changeFilters = useCallback((changes: Partial<Omit<ResidentFilters, 'page'>>) => updateParams({ ...changes, page: null }), [updateParams]);

  // Residents, their units and property names change elsewhere too: the page follows.
  useLiveEvents((event) => {
    const [domain] = event.type.split('.');
    if (domain === 'property') void queryClient.invalidateQueries({ queryKey: ['properties'] });
    if (domain === 'resident' || domain === 'unit' || domain === 'property') void queryClient.invalidateQueries({ queryKey: residentsQueryKey() });
  });

  const page = residents.data;
  // A page emptied by changes (here or elsewhere): back to the last page that has rows.
  const lastPage = page ? Math.max(1, Math.ceil(page.total / RESIDENTS_PAGE_SIZE)) : 1;
  const pastTheEnd = Boolean(page && !residents.isPlaceholderData && !page.items.length && filters.page > lastPage);
  useEffect(() => {
    if (pastTheEnd) updateParams({ page: lastPage });
  }, [pastTheEnd, lastPage, updateParams]);

  const startExport = () =>
    exporting.mutate(filters, {
      onSuccess: () => toast({ title: t('notices.exported'), variant: 'success' }),
      onError: (error) => toast({ title: t('notices.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
    });

  const filtered = Boolean(filters.q || filters.status || filters.propertyId);
  const addButton = canManage && (
    <Button onClick={() => setEditing('new')} className="d-inline-flex align-items-center gap-2">
      <UserPlus size={18} aria-hidden />
      {t('actions.add')}
    </Button>
  );

  let content;
  if (!readsResidents) {
    content = <EmptyState icon={Users} title={t('empty.notForRoleTitle')} description={t('empty.notForRole')} />;
  } else if (residents.isPending) {
    content = <Loading />;
  } else if (residents.isError) {
    content = <ErrorCard title={t('errors.list')} error={residents.error} onRetry={() => void residents.refetch()} />;
  } else if (!residents.data.items.length) {
    content = filtered ? (
      <EmptyState
        icon={SearchX}
        title={t('empty.filteredTitle')}
        description={t('empty.filteredDescription')}
        action={
          <Button variant="outline-primary" onClick={() => changeFilters({ q: '', status: null, propertyId: null })}>
            {t('toolbar.clearAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={Users} title={t('empty.title')} description={t('empty.description')} action={addButton} />
    );
  } else {
    content = (
      <>
        <ResidentsTable
          residents={residents.data.items}
          canManage={canManage}
          updating={residents.isPlaceholderData}
          onView={setViewing}
          onEdit={setEditing}
          onMessage={setMessaging}
          onDeactivate={setDeactivating}
        />
        <Pager
          page={filters.page}
          pageSize={RESIDENTS_PAGE_SIZE}
          total={residents.data.total}
          onChange={(next) => updateParams({ page: next })}
          label={t('pager.label')}
          summary={(range) => t('pager.summary', range)}
          previousLabel={t('pager.previous')}
          nextLabel={t('pager.next')}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={addButton} />
      {readsResidents && <ResidentsToolbar filters={filters} onChange={changeFilters} onExport={startExport} exporting={exporting.isPending} />}
      {content}
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
