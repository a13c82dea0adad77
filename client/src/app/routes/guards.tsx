import { lazy, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useUser, useCurrentUser } from '@client/features/auth/api/get-user';
import { useBranding } from '@client/features/branding/api/get-branding';
import { isAdministrator } from '@shared/permissions';
import type { FeatureName } from '@shared/schemas/settings';

const ChangePasswordRequiredPage = lazy(() => import('@client/features/auth/pages/ChangePasswordRequiredPage'));

/**
 * Signed-in routes: a spinner while the session loads, /auth when nobody is signed in (coming
 * back here afterwards), and only the new-password screen while a temporary password is in force.
 */
export function RequireUser() {
  const location = useLocation();
  const { data: user, isPending, error, refetch } = useUser();
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
  const { data: user, isPending } = useUser();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  if (isPending) return <Loading fullPage />;
  if (user) return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  return children;
}

/** Screens for administrators only: others go to the dashboard. */
export function RequireAdministrator({ children }: { children: ReactNode }) {
  return isAdministrator(useCurrentUser()) ? children : <Navigate to="/" replace />;
}

/** Screens of a module the organization may switch off: hidden while it is off. */
export function RequireFeature({ feature, children }: { feature: FeatureName; children: ReactNode }) {
  return useBranding().features[feature] ? children : <Navigate to="/" replace />;
}
