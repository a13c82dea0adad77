import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import DashboardPage from '@client/features/dashboard/pages/DashboardPage';
import { useCurrentUser } from '@client/lib/auth';
import { isAdministrator } from '@shared/permissions';
import { homeOf } from './home/home-of';

// Loaded only for their roles: the administrators' dashboard stays free of react-bootstrap and
// of the other modules' texts on the first visit.
const MemberHome = lazy(() => import('./home/MemberHome'));
const TechnicianHome = lazy(() => import('./home/TechnicianHome'));

/**
 * `/`: a home for each role (docs/modules/dashboard.md). Administrators get the dashboard;
 * owners and residents their balance, next booking, today's visitors and waiting packages; a
 * maintenance supplier today's jobs; a guard (a supplier on a property's security staff) lands
 * on the desk.
 */
export default function HomeScreen() {
  const user = useCurrentUser();
  const home = homeOf({ ...user, administrator: isAdministrator(user) });
  if (home === 'desk') return <Navigate to="/visitors/desk" replace />;
  if (home === 'dashboard') return <DashboardPage />;
  return <Suspense fallback={<Loading />}>{home === 'technician' ? <TechnicianHome /> : <MemberHome />}</Suspense>;
}
