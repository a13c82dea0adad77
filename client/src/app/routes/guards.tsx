import { lazy, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams, type Location } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { toast } from '@client/components/toast/toast';
import { useUser, useCurrentUser } from '@client/lib/auth';
import { useBranding } from '@client/lib/branding';
import { i18n } from '@client/lib/i18n';
import { FORBIDDEN_REDIRECT } from '@shared/permissions';
import { screenAccess } from '@client/lib/screens';

// With its texts (the `password` namespace), loaded beside its code.
const ChangePasswordRequiredPage = lazy(async () => (await Promise.all([import('@client/features/auth/pages/ChangePasswordRequiredPage'), i18n.loadNamespaces('password')]))[0]);
const AwaitingApprovalPage = lazy(() => import('@client/features/join-requests/pages/AwaitingApprovalPage'));

/** What an account waiting for approval may open besides its waiting screen: its own account. */
const OWN_ACCOUNT_PATHS = ['/settings', '/notifications'];

/**
 * Opened without network (the service worker's shell) before the session was known: React
 * Query asks again by itself when the network is back, and the screen follows.
 */
function WaitingForNetwork() {
  const { t } = useTranslation();
  return (
    <div className="container py-5 vec-narrow text-center" data-testid="waiting-for-network">
      <h1 className="h4">{t('appStatus.waitingTitle')}</h1>
      <p className="text-body-secondary mb-0">{t('appStatus.waitingBody')}</p>
    </div>
  );
}

/**
 * Signed-in routes: a spinner while the session loads, /auth when nobody is signed in (coming
 * back here afterwards), and only the new-password screen while a temporary password is in force.
 */
export function RequireUser() {
  const location = useLocation();
  const { data: user, isPending, fetchStatus, error, refetch } = useUser();
  if (isPending && fetchStatus === 'paused') return <WaitingForNetwork />;
  if (isPending) return <Loading fullPage />;
  if (error) {
    return (
      <div className="container py-5 vec-narrow">
        <ErrorCard error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  if (user.mustChangePassword) return <ChangePasswordRequiredPage />;
  return <Outlet />;
}

/** /auth: a signed-in user goes back where sign-in was asked for, else to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending, fetchStatus } = useUser();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  if (isPending && fetchStatus === 'paused') return <WaitingForNetwork />;
  if (isPending) return <Loading fullPage />;
  if (user) return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  return children;
}

/**
 * The screens of the signed-in layout. An account waiting for an administrator's approval
 * (user.access) gets its waiting screen at / and its own settings and inbox; anything else
 * leads back to / (the server would refuse it anyway).
 */
export function MembersOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  if (user.access !== 'awaiting' || OWN_ACCOUNT_PATHS.includes(pathname)) return children;
  if (pathname !== '/') return <Navigate to="/" replace />;
  return <AwaitingApprovalPage />;
}

/**
 * A signed-in screen, opened by those the menu shows it to (layout/navigation.ts): while its
 * module is switched off it is not there (the dashboard); a role that cannot use it goes to the
 * dashboard with a notice.
 */
export function RequireScreen({ to, children }: { to: string; children: ReactNode }) {
  const access = screenAccess(to, useCurrentUser(), useBranding().features);
  if (access === 'switchedOff') return <Navigate to="/" replace />;
  if (access === 'forbidden') return <Navigate to={FORBIDDEN_REDIRECT} replace />;
  return children;
}

/** The notice of FORBIDDEN_REDIRECT, once: the parameter leaves the address. */
export function useForbiddenNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const refused = params.get('notice') === 'forbidden';
  useEffect(() => {
    if (!refused) return;
    toast({ title: t('access.forbiddenTitle'), description: t('access.forbidden'), variant: 'destructive' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('notice');
        return next;
      },
      { replace: true },
    );
  }, [refused, setParams, t]);
}
