import { LogOut, Settings } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useCurrentUser } from '@client/lib/auth';
import { useLogout } from '@client/features/auth/api/logout';
import { useBranding } from '@client/lib/branding';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { navigationFor, type NavItem } from './navigation';

// The drawer's code (react-bootstrap's offcanvas, 12 KB) loads when a phone first opens the menu.
const SidebarDrawer = lazy(() => import('./SidebarDrawer'));

type SidebarProps = { show: boolean; onHide: () => void };

/**
 * The navigation: a fixed column from 768 px up (Bootstrap's .offcanvas-md keeps it off screen
 * below), a slide-in drawer on smaller screens.
 */
export function Sidebar({ show, onHide }: SidebarProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { appName, features } = useBranding();
  // An account waiting for approval has only its own settings (routes/guards.tsx, MembersOnly).
  const { main, admin } = user.access === 'awaiting' ? { main: [], admin: [] } : navigationFor(user, features);
  const logout = useLogout();
  // Once opened, the drawer stays mounted so that it can slide out.
  const [drawerWanted, setDrawerWanted] = useState(show);
  if (show && !drawerWanted) setDrawerWanted(true);

  // Signing out unmounts this sidebar (the session ends first), and react-query skips the
  // callbacks given to `mutate` once its caller is gone: the notice follows the promise instead.
  const signOut = () =>
    logout.mutateAsync().then(
      () => toast({ title: t('logout.success'), variant: 'success' }),
      (error) => toast({ title: t('logout.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
    );

  const link = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} className="vec-nav-link" onClick={onHide}>
        <item.icon size={18} aria-hidden />
        <span>{t(item.labelKey)}</span>
      </NavLink>
    </li>
  );

  // Rendered twice on a phone with the drawer open (the column is hidden then): ids per place.
  const navigation = (place: string) => (
    <nav aria-label={t('layout.navigation')} className="d-flex flex-column flex-grow-1 p-3 gap-3">
      <ul className="list-unstyled mb-0 d-flex flex-column gap-1">{main.map(link)}</ul>
      {admin.length > 0 && (
        <div>
          {/* A label, not a heading: the menu comes before the page's h1. */}
          <p id={`${place}-administration`} className="vec-nav-heading">
            {t('nav.administration')}
          </p>
          <ul className="list-unstyled mb-0 d-flex flex-column gap-1" aria-labelledby={`${place}-administration`}>
            {admin.map(link)}
          </ul>
        </div>
      )}
      <ul className="list-unstyled mb-0 mt-auto d-flex flex-column gap-1 border-top pt-3">
        {link({ to: '/settings', labelKey: 'nav.settings', icon: Settings })}
        <li>
          <button type="button" className="btn btn-link vec-nav-link w-100" onClick={signOut} disabled={logout.isPending}>
            <LogOut size={18} aria-hidden />
            <span>{logout.isPending ? t('logout.pending') : t('logout.action')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );

  return (
    <>
      <div className="offcanvas-md offcanvas-start vec-sidebar">
        <div className="offcanvas-body d-flex flex-column p-0 w-100">{navigation('app-sidebar')}</div>
      </div>
      {drawerWanted && (
        <Suspense fallback={null}>
          <SidebarDrawer show={show} onHide={onHide} title={appName}>
            {navigation('app-drawer')}
          </SidebarDrawer>
        </Suspense>
      )}
    </>
  );
}
