import { Plus, ShieldCheck, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataList } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { VISIT_TYPES, VISITOR_TABS, type VisitorTab } from '@shared/enums';
import { can, isAdministrator } from '@shared/permissions';
import { VISITORS_PAGE_SIZE, useVisitorList, useVisitorSummary, visitorExport, type VisitorView } from '../api/visitors';
import { VISITOR_FILTERS } from '../api/visitor-filters';
import { BlockList } from '../components/BlockList';
import { EditDialog } from '../components/EditDialog';
import { PassDialog } from '../components/PassDialog';
import { ShareDialog } from '../components/ShareDialog';
import { SummaryCards } from '../components/SummaryCards';
import { VisitorActions, useVisitorColumns } from '../components/VisitorColumns';
import { useVisitorsLive } from '../lib/live';

/**
 * /visitors. Hosts (owners, residents): their unit's passes, "Registrar visitante" and the pass
 * to send by WhatsApp. Administrators: every pass, filters, CSV, check-in/out from the row, a
 * link to the desk. Cards, tabs, search and filters kept in the URL; everything follows live.
 */
export default function VisitorsPage() {
  const { t } = useTranslation('visitors');
  const user = useCurrentUser();
  const admin = isAdministrator(user);
  const list = useListFilters(VISITOR_FILTERS);
  const { filters } = list;
  const visitors = useVisitorList(filters, list.page);
  useKeepPageInRange(list, visitors, VISITORS_PAGE_SIZE);
  const summary = useVisitorSummary(filters.propertyId);
  const columns = useVisitorColumns(admin);
  const [creating, setCreating] = useState(false);
  const [sharing, setSharing] = useState<VisitorView | null>(null);
  const [editing, setEditing] = useState<VisitorView | null>(null);
  useVisitorsLive();

  const newButton = can(user, 'visitors.register') && (
    <Button onClick={() => setCreating(true)} className="d-inline-flex align-items-center gap-2" data-testid="new-visitor">
      <Plus size={18} aria-hidden />
      {t('actions.new')}
    </Button>
  );
  const actions = (
    <div className="d-flex flex-wrap gap-2">
      {admin && (
        <Link to="/visitors/desk" className="btn btn-outline-primary d-inline-flex align-items-center gap-2">
          <ShieldCheck size={18} aria-hidden />
          {t('actions.desk')}
        </Link>
      )}
      {newButton}
    </div>
  );

  return (
    <>
      <PageHeader title={t('title')} description={admin ? t('description') : t('hostDescription')} actions={actions} />
      <SummaryCards summary={summary.data} />
      <ListToolbar
        label={t('toolbar.label')}
        tabs={{
          label: t('tabs.label'),
          value: filters.tab,
          items: VISITOR_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) })),
          onChange: (value) => list.update({ tab: value as VisitorTab }),
        }}
        search={{ value: filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.search'), placeholder: t('toolbar.searchPlaceholder') }}
        filters={
          <>
            {admin && (
              <PropertySelect
                className=""
                label={t('toolbar.property')}
                emptyLabel={t('toolbar.allProperties')}
                value={filters.propertyId}
                onChange={(propertyId) => list.update({ propertyId })}
              />
            )}
            <FilterSelect
              label={t('toolbar.type')}
              emptyLabel={t('toolbar.allTypes')}
              value={filters.visitType}
              options={VISIT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              onChange={(visitType) => list.update({ visitType })}
            />
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={admin ? visitorExport(filters) : undefined}
      />
      <DataList
        columns={columns}
        query={visitors}
        rowKey={(visitor) => visitor.id}
        caption={t('table.caption')}
        actions={(visitor) => <VisitorActions visitor={visitor} onShare={setSharing} onEdit={setEditing} />}
        errorTitle={t('errors.list')}
        empty={{ icon: UserCheck, title: t('empty.title'), description: t(admin ? 'empty.admin' : 'empty.host'), action: newButton }}
        filtered={list.filtered && { title: t('empty.filteredTitle'), description: t('empty.filteredDescription'), onClear: list.clear }}
        pagination={{ page: list.page, pageSize: VISITORS_PAGE_SIZE, onChange: list.setPage, label: t('pager.label') }}
        testId="visitors"
        rowTestId="visitor-row"
      />
      {can(user, 'visitors.register') && <BlockList />}
      {can(user, 'visitors.register') && <PassDialog show={creating} onClose={() => setCreating(false)} onCreated={setSharing} />}
      <EditDialog visitor={editing} onClose={() => setEditing(null)} />
      <ShareDialog visitor={sharing} onClose={() => setSharing(null)} onChanged={setSharing} />
    </>
  );
}
