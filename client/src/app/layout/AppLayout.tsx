import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { MembersOnly, useForbiddenNotice } from '../routes/guards';
import { BroadcastBannerSlot } from './BroadcastBannerSlot';
import { Header } from './Header';
import { LiveUpdates } from './LiveUpdates';
import { Sidebar } from './Sidebar';
import { VisitorAlerts } from '@client/features/visitors/components/VisitorAlerts';

/** The signed-in frame: header, sidebar (a drawer below 768 px) and the screen. */
export default function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  useForbiddenNotice();

  return (
    <div className="vec-app">
      <a href="#main" className="visually-hidden-focusable vec-skip-link">
        {t('layout.skipToContent')}
      </a>
      <LiveUpdates />
      <VisitorAlerts />
      <Header onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      <div className="vec-body">
        <Sidebar show={menuOpen} onHide={() => setMenuOpen(false)} />
        <main id="main" className="vec-main" tabIndex={-1}>
          <BroadcastBannerSlot />
          <Suspense fallback={<Loading />}>
            <MembersOnly>
              <Outlet />
            </MembersOnly>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
