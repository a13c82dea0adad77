import { LogOut, Settings } from 'lucide-react';
import { Button, Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useCurrentUser } from '@client/features/auth/api/get-user';
import { useLogout } from '@client/features/auth/api/logout';
import { useBranding } from '@client/features/branding/api/get-branding';
import { useMailStatus } from '@client/features/notifications/api/get-mail';
import { isAdministrator } from '@shared/permissions';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { navigationFor, type NavItem } from './navigation';

type SidebarProps = { show: boolean; onHide: () => void };

/** The navigation: a fixed column from 768 px up, a slide-in drawer below. */
export function Sidebar({ show, onHide }: SidebarProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { appName, features } = useBranding();
  const operator = Boolean(useMailStatus(isAdministrator(user)).data);
  // An account waiting for approval has only its own settings (routes/guards.tsx, MembersOnly).
  const { main, admin } = user.access === 'awaiting' ? { main: [], admin: [] } : navigationFor(user, features, operator);
  const logout = useLogout();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => toast({ title: t('logout.success'), variant: 'success' }),
      onError: (error) => toast({ title: t('logout.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
    });

  const link = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} className="vec-nav-link" onClick={onHide}>
        <item.icon size={18} aria-hidden />
        <span>{t(item.labelKey)}</span>
      </NavLink>
    </li>
  );

  return (
    <Offcanvas show={show} onHide={onHide} responsive="md" placement="start" id="app-sidebar" className="vec-sidebar" aria-labelledby="app-sidebar-title">
      <Offcanvas.Header closeButton closeLabel={t('layout.closeMenu')}>
        <Offcanvas.Title id="app-sidebar-title" as="h2" className="h5">
          {appName}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column p-0 w-100">
        <nav aria-label={t('layout.navigation')} className="d-flex flex-column flex-grow-1 p-3 gap-3">
          <ul className="list-unstyled mb-0 d-flex flex-column gap-1">{main.map(link)}</ul>
          {admin.length > 0 && (
            <div>
              {/* A label, not a heading: the menu comes before the page's h1. */}
              <p id="app-sidebar-administration" className="vec-nav-heading">
                {t('nav.administration')}
              </p>
              <ul className="list-unstyled mb-0 d-flex flex-column gap-1" aria-labelledby="app-sidebar-administration">
                {admin.map(link)}
              </ul>
            </div>
          )}
          <ul className="list-unstyled mb-0 mt-auto d-flex flex-column gap-1 border-top pt-3">
            {link({ to: '/settings', labelKey: 'nav.settings', icon: Settings })}
            <li>
              <Button variant="link" className="vec-nav-link w-100" onClick={signOut} disabled={logout.isPending}>
                <LogOut size={18} aria-hidden />
                <span>{logout.isPending ? t('logout.pending') : t('logout.action')}</span>
              </Button>
            </li>
          </ul>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
