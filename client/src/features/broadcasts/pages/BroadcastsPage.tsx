import { useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';
import { PropertiesTabs } from '@client/components/PropertiesTabs';
import { useLiveEvents } from '@client/lib/live-events';
import { can } from '@shared/permissions';
import { propertyChoicesBaseKey, usePropertyChoice, usePropertyChoices } from '../api/get-broadcast-properties';
import { BroadcastManager } from '../components/BroadcastManager';
import { PropertyPicker } from '../components/PropertyPicker';
import { isBroadcastEvent, refetchLists } from '../lib/live-cache';

const PROPERTIES_LISTED = 100;

/**
 * /properties/broadcasts (the menu's "Avisos"): a property's broadcasts in two tabs, the active
 * ones and the archive (every status). Administrators create (to the properties they choose),
 * edit and delete; others read the active broadcasts of their properties. `?propertyId=` and
 * `?tab=archived` keep the choice in the address.
 */
export default function BroadcastsPage() {
  const { t } = useTranslation('broadcasts');
  const queryClient = useQueryClient();
  const canManage = can(useCurrentUser(), 'broadcasts.manage');
  const [params, setParams] = useSearchParams();
  const properties = usePropertyChoices({ limit: PROPERTIES_LISTED });
  const requested = Number(params.get('propertyId'));
  const chosen = Number.isSafeInteger(requested) && requested > 0 ? requested : null;
  const propertyId = chosen ?? properties.data?.items[0]?.id ?? null;
  const listed = properties.data?.items.find((property) => property.id === propertyId);
  const unlisted = usePropertyChoice(listed ? null : propertyId).data;
  const property = listed ?? unlisted;
  // A new broadcast goes where the administrator chose to look (or to the only property), never
  // to the one this page shows first by itself.
  const recipients = property && (chosen !== null || properties.data?.total === 1) ? [property] : [];
  const tab = canManage && params.get('tab') === 'archived' ? 'archived' : 'active';

  // Changes by other administrators (and expiries) show without a reload.
  useLiveEvents((event) => {
    if (isBroadcastEvent(event)) void refetchLists(queryClient, event);
    else if (event.type.startsWith('property.')) void queryClient.invalidateQueries({ queryKey: propertyChoicesBaseKey() });
  });

  const choose = (changes: { propertyId?: number; tab?: string }) => {
    const next = new URLSearchParams(params);
    if (changes.propertyId) next.set('propertyId', String(changes.propertyId));
    if (changes.tab) {
      if (changes.tab === 'archived') next.set('tab', 'archived');
      else next.delete('tab');
    }
    setParams(next, { replace: true });
  };

  let content;
  if (properties.isPending) {
    content = <Loading />;
  } else if (properties.isError) {
    content = <ErrorCard title={t('property.loadError')} error={properties.error} onRetry={() => void properties.refetch()} />;
  } else if (propertyId === null) {
    content = <EmptyState icon={Building2} title={t('property.emptyTitle')} description={t('property.emptyDescription')} />;
  } else {
    content = (
      <>
        <PropertyPicker
          properties={properties.data.items}
          total={properties.data.total}
          limit={PROPERTIES_LISTED}
          value={propertyId}
          onChange={(id) => choose({ propertyId: id })}
        />
        <Tab.Container id="broadcast-tabs" activeKey={tab} onSelect={(key) => key && choose({ tab: key })}>
          <Nav variant="pills" className="mb-3 gap-1">
            <Nav.Item>
              <Nav.Link eventKey="active">{t('tabs.active')}</Nav.Link>
            </Nav.Item>
            {canManage && (
              <Nav.Item>
                <Nav.Link eventKey="archived">{t('tabs.archived')}</Nav.Link>
              </Nav.Item>
            )}
          </Nav>
          <Tab.Content>
            <Tab.Pane eventKey="active">
              <BroadcastManager key={`active-${propertyId}`} propertyId={propertyId} property={property} recipients={recipients} scope="active" canManage={canManage} />
            </Tab.Pane>
            {canManage && (
              <Tab.Pane eventKey="archived" mountOnEnter>
                <BroadcastManager key={`all-${propertyId}`} propertyId={propertyId} property={property} recipients={recipients} scope="all" canManage={canManage} />
              </Tab.Pane>
            )}
          </Tab.Content>
        </Tab.Container>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <PropertiesTabs />
      {content}
    </>
  );
}
