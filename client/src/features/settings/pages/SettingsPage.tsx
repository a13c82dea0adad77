import type { ComponentType } from 'react';
import { Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@client/components/PageHeader';
import { useTabParam } from '@client/hooks/use-tab-param';
import { PreferencesForm } from '../components/PreferencesForm';
import { ProfileTab } from '../components/ProfileTab';
import { PushDevices } from '../components/PushDevices';

const TABS = ['profile', 'notifications', 'privacy', 'billing'] as const;

/** /settings: Perfil, Notificaciones, Privacidad, Facturación (`?tab=` opens one). */
/** What other features draw here, given by app/routes/screens/SettingsScreen.tsx: the password form (auth) and the payments tab (billing). */
type SettingsPageProps = { PasswordChangeForm: ComponentType; BillingTab: ComponentType };

export default function SettingsPage({ PasswordChangeForm, BillingTab }: SettingsPageProps) {
  const { t } = useTranslation('settings');
  const [tab, openTab] = useTabParam(TABS);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tab.Container activeKey={tab} onSelect={openTab}>
        <Nav variant="tabs" className="mb-4 flex-nowrap overflow-x-auto overflow-y-hidden text-nowrap">
          {TABS.map((key) => (
            <Nav.Item key={key}>
              <Nav.Link eventKey={key}>{t(`tabs.${key}`)}</Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Tab.Content>
          <Tab.Pane eventKey="profile">
            <ProfileTab PasswordChangeForm={PasswordChangeForm} />
          </Tab.Pane>
          <Tab.Pane eventKey="notifications" mountOnEnter>
            <PreferencesForm group="notifications" />
            <PushDevices />
          </Tab.Pane>
          <Tab.Pane eventKey="privacy" mountOnEnter>
            <PreferencesForm group="privacy" />
          </Tab.Pane>
          <Tab.Pane eventKey="billing" mountOnEnter>
            <BillingTab />
          </Tab.Pane>
        </Tab.Content>
      </Tab.Container>
    </>
  );
}
