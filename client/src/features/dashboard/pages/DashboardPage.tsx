import { useTranslation } from 'react-i18next';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';
import { useDashboard } from '../api/get-dashboard';
import { QuickActions } from '../components/QuickActions';
import { RecentActivity } from '../components/RecentActivity';
import { SummaryCards } from '../components/SummaryCards';

/** The first screen after sign-in, in Bootstrap's own markup (no react-bootstrap): it is on the path of every first visit. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const dashboard = useDashboard();

  return (
    <>
      <PageHeader title={t('welcome', { name: user.name })} documentTitle={t('title')} description={t('subtitle')} />
      <SummaryCards data={dashboard.data} failed={Boolean(dashboard.error)} />
      <div className="row g-3">
        <div className="col-lg-8">
          <RecentActivity
            items={dashboard.data?.recentActivity}
            isPending={dashboard.isPending}
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
          />
        </div>
        <div className="col-lg-4">
          <QuickActions />
        </div>
      </div>
    </>
  );
}
