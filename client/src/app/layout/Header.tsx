import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '@client/components/Avatar';
import { fullName } from '@shared/format';
import { useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';
import { NotificationBell } from '@client/features/notifications/components/NotificationBell';
import { LanguageSwitch } from './LanguageSwitch';

type HeaderProps = { onOpenMenu: () => void; menuOpen: boolean };

/** Logo, the menu button of small screens, the language switch, the notifications bell and who is signed in. */
export function Header({ onOpenMenu, menuOpen }: HeaderProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { appName, logo } = useBranding();

  return (
    <header className="vec-header navbar bg-body border-bottom px-2 px-sm-3 gap-2">
      <div className="d-flex align-items-center gap-2 min-w-0">
        <button
          type="button"
          className="btn btn-link d-md-none p-1 text-body"
          onClick={onOpenMenu}
          aria-label={t('layout.openMenu')}
          aria-controls="app-sidebar"
          aria-expanded={menuOpen}
        >
          <Menu aria-hidden />
        </button>
        <Link to="/" className="navbar-brand d-flex align-items-center gap-2 me-0 min-w-0">
          <img src={logo ?? '/favicon.svg'} alt="" width={32} height={32} className="rounded" />
          <span className="fw-bold text-truncate">{appName}</span>
        </Link>
      </div>
      <div className="d-flex align-items-center gap-2 gap-sm-3 ms-auto">
        <LanguageSwitch />
        <NotificationBell />
        {/* Named by what it shows (the name and role), the name alone on a phone. */}
        <Link to="/settings" className="d-flex align-items-center gap-2 text-reset text-decoration-none" title={t('layout.profileLink', { name: fullName(user) })}>
          <span className="visually-hidden">{t('layout.profile')}: </span>
          <span className="d-none d-sm-flex flex-column text-end lh-sm">
            <span className="fw-semibold" data-testid="header-user-name">{fullName(user)}</span>
            <small className="text-body-secondary">{t(`roles.${user.role}`)}</small>
          </span>
          <span className="visually-hidden d-sm-none">{fullName(user)}</span>
          <Avatar name={user.name} lastName={user.lastName} src={user.avatarUrl} size={36} decorative />
        </Link>
      </div>
    </header>
  );
}
