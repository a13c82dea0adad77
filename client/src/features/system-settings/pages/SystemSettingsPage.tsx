import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';
import { useTabParam } from '@client/hooks/use-tab-param';
import { useLiveEvents } from '@client/lib/live-events';
import { systemSettingsQueryKey, useSystemSettings } from '../api/get-system-settings';
import { AppearanceTab } from '../components/AppearanceTab';
import { FeaturesTab } from '../components/FeaturesTab';
import { GeneralTab } from '../components/GeneralTab';

const TABS = ['general', 'appearance', 'features', 'maintenance', 'visitors', 'collections', 'assemblies', 'export'] as const;

/**
 * /admin/system-settings (administrators; the route sends others to /): General, Appearance,
 * Features, Maintenance (response deadlines), Visitors, Collections and Assemblies (days of
 * notice) of the organization, each saved on its own; Export ("Exportar todo", the onboarding
 * feature's zip of the organization or a property). Saved on the server, they reach every
 * signed-in user of the organization at once.
 */
/** The modules' own settings tabs, given by app/routes/screens/SystemSettingsScreen.tsx. */
type SystemSettingsPageProps = { MaintenanceTab: ComponentType; VisitorsTab: ComponentType; CollectionsTab: ComponentType; AssembliesTab: ComponentType; ExportTab: ComponentType };

export default function SystemSettingsPage({ MaintenanceTab, VisitorsTab, CollectionsTab, AssembliesTab, ExportTab }: SystemSettingsPageProps) {
  const { t } = useTranslation('systemSettings');
  const { organizationId } = useCurrentUser();
  const queryClient = useQueryClient();
  const settings = useSystemSettings();
  const [requestedTab, openTab] = useTabParam(TABS);
  // The inbox's link to a finished export (`?exportId=`) opens its tab.
  const [params] = useSearchParams();
  const tab = params.has('exportId') && !params.has('tab') ? 'export' : requestedTab;

  // Another administrator's change: fetched again with its version (untouched tabs follow it).
  useLiveEvents((event) => {
    if (event.type === 'settings.updated' && event.organizationId === organizationId) {
      void queryClient.invalidateQueries({ queryKey: systemSettingsQueryKey() });
    }
  });

  const header = <PageHeader title={t('title')} description={t('description')} />;
  if (settings.isPending) {
    return (
      <>
        {header}
        <Loading />
      </>
    );
  }
  if (settings.isError) {
    return (
      <>
        {header}
        <ErrorCard title={t('loadError.title')} message={t('loadError.message')} onRetry={() => void settings.refetch()} />
      </>
    );
  }

  return (
    <>
      {header}
      <Tab.Container activeKey={tab} onSelect={openTab}>
        <Nav variant="tabs" className="mb-4 flex-nowrap overflow-x-auto overflow-y-hidden text-nowrap">
          {TABS.map((key) => (
            <Nav.Item key={key}>
              <Nav.Link eventKey={key}>{t(`tabs.${key}`)}</Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Tab.Content>
          <Tab.Pane eventKey="general">
            <GeneralTab settings={settings.data} />
          </Tab.Pane>
          <Tab.Pane eventKey="appearance" mountOnEnter>
            <AppearanceTab settings={settings.data} />
          </Tab.Pane>
          <Tab.Pane eventKey="features" mountOnEnter>
            <FeaturesTab settings={settings.data} />
          </Tab.Pane>
          <Tab.Pane eventKey="maintenance" mountOnEnter>
            <MaintenanceTab />
          </Tab.Pane>
          <Tab.Pane eventKey="visitors" mountOnEnter>
            <VisitorsTab />
          </Tab.Pane>
          <Tab.Pane eventKey="collections" mountOnEnter>
            <CollectionsTab />
          </Tab.Pane>
          <Tab.Pane eventKey="assemblies" mountOnEnter>
            <AssembliesTab />
          </Tab.Pane>
          <Tab.Pane eventKey="export" mountOnEnter>
            <ExportTab />
          </Tab.Pane>
        </Tab.Content>
      </Tab.Container>
    </>
  );
}
