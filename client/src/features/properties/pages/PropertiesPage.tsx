import { Building2, FileUp, Plus, Search, SearchX } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { can } from '@shared/permissions';
import { PROPERTIES_PAGE_SIZE, useProperties } from '../api/get-properties';
import { AddPropertyDialog } from '../components/AddPropertyDialog';
import { MANAGE_TABS, ManagePropertyDialog, type ManageTab } from '../components/ManagePropertyDialog';
import { PropertiesTabs } from '@client/components/PropertiesTabs';
import { PropertyCard } from '../components/PropertyCard';
import { usePropertyLiveUpdates } from '../lib/live';
import '../properties.css';
import { TEXT_LIMITS } from '@shared/limits';

const SEARCH_DELAY_MS = 300;

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

/**
 * /properties: the card grid of the properties the user may read (searched and paged on the
 * server), Add Property and the Manage dialog for administrators, a read-only view for others.
 * The search, page, open property and tab live in the URL (`?q=&page=&manage=&tab=&action=new`).
 */
export default function PropertiesPage() {
  const { t } = useTranslation(['properties', 'residents']);
  const user = useCurrentUser();
  const canManage = can(user, 'properties.manage');
  const readsDetails = can(user, 'propertyDetails.read');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = positive(params.get('page')) ?? 1;
  const managed = positive(params.get('manage'));
  const tab = (MANAGE_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as ManageTab) : 'details';
  const adding = canManage && params.get('action') === 'new';
  const properties = useProperties({ q, page });

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'page' && value === 1) || (key === 'tab' && value === 'details')) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const closeManage = useCallback(() => update({ manage: null, tab: null }), [update]);
  const search = useCallback((text: string) => update({ q: text, page: null }), [update]);

  usePropertyLiveUpdates((event) => {
    if (event.type === 'property.deleted' && event.subjectId === managed && event.actorId !== user.id) {
      toast({ title: t('manage.goneTitle'), description: t('manage.goneDescription') });
      closeManage();
    }
  });

  // A page emptied by deletions (here or elsewhere): back to the last page that has cards.
  const data = properties.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PROPERTIES_PAGE_SIZE)) : 1;
  const pastTheEnd = Boolean(data && !properties.isPlaceholderData && !data.items.length && page > lastPage);
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);

  const addButton = canManage && (
    <Button onClick={() => update({ action: 'new' })} className="d-inline-flex align-items-center gap-2">
      <Plus size={18} aria-hidden />
      {t('actions.add')}
    </Button>
  );

  let content;
  if (properties.isPending) {
    content = <Loading />;
  } else if (properties.isError) {
    content = <ErrorCard title={t('errors.list')} error={properties.error} onRetry={() => void properties.refetch()} />;
  } else if (!properties.data.items.length) {
    content = q ? (
      <EmptyState
        icon={SearchX}
        title={t('empty.filteredTitle')}
        description={t('empty.filteredDescription', { q })}
        action={
          <Button variant="outline-primary" onClick={() => update({ q: null, page: null })}>
            {t('search.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={Building2} title={t('empty.title')} description={t(canManage ? 'empty.descriptionAdmin' : 'empty.description')} action={addButton} />
    );
  } else {
    content = (
      <>
        <Row as="ul" xs={1} sm={2} lg={3} xxl={4} className="g-3 list-unstyled mb-0" aria-label={t('grid.label')} aria-busy={properties.isPlaceholderData}>
          {properties.data.items.map((property) => (
            <Col as="li" key={property.id}>
              <PropertyCard property={property} canManage={canManage} onOpen={(chosen) => update({ manage: chosen.id, tab: null })} />
            </Col>
          ))}
        </Row>
        <Pager
          page={page}
          pageSize={PROPERTIES_PAGE_SIZE}
          total={properties.data.total}
          onChange={(next) => update({ page: next })}
          label={t('pager.label')}
        />
      </>
    );
  }

  // The search shows once there is more than a page of properties (or a search is on).
  const searchable = Boolean(q) || (data?.total ?? 0) > PROPERTIES_PAGE_SIZE;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canManage && (
            <>
              {/* The import wizard (onboarding): units, people, balances or suppliers from a spreadsheet. */}
              <Link to="/import?kind=units" className="btn btn-outline-secondary d-inline-flex align-items-center gap-2">
                <FileUp size={18} aria-hidden />
                {t('import.open')}
              </Link>
              {addButton}
            </>
          )
        }
      />
      <PropertiesTabs />
      {searchable && <PropertySearch q={q} onSearch={search} />}
      {content}
      {canManage && (
        <AddPropertyDialog show={adding} onClose={() => update({ action: null })} />
      )}
      <ManagePropertyDialog
        propertyId={managed}
        initial={data?.items.find((property) => property.id === managed)}
        tab={tab}
        onTabChange={(next) => update({ tab: next })}
        onClose={closeManage}
        canManage={canManage}
        readsDetails={readsDetails}
      />
    </>
  );
}

/** Name and address search, sent after a short pause in typing; follows the URL (Back, Clear). */
function PropertySearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('properties');
  const id = useId();
  const [text, setText] = useState(q);
  const [sent, setSent] = useState(q);
  if (q !== sent) {
    setSent(q);
    setText(q);
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      onSearch(wanted);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, sent, onSearch]);

  return (
    <Form
      role="search"
      aria-label={t('search.label')}
      className="mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        setSent(text.trim());
        onSearch(text.trim());
      }}
    >
      <Row>
        <Col md={6} lg={4}>
          <Form.Label htmlFor={id} className="visually-hidden">
            {t('search.label')}
          </Form.Label>
          <InputGroup>
            <InputGroup.Text aria-hidden>
              <Search size={16} />
            </InputGroup.Text>
            <Form.Control id={id} type="search" value={text} maxLength={TEXT_LIMITS.search} placeholder={t('search.placeholder')} onChange={(event) => setText(event.target.value)} />
          </InputGroup>
        </Col>
      </Row>
    </Form>
  );
}
