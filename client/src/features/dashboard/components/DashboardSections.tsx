import { useDashboard } from '../api/get-dashboard';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { SummaryCards } from './SummaryCards';

/** The clickable figures of the screens the user may open. */
export function DashboardFigures() {
  const dashboard = useDashboard();
  return <SummaryCards data={dashboard.data} failed={Boolean(dashboard.error)} />;
}

/** The latest activity beside the quick actions. */
export function DashboardActivity() {
  const dashboard = useDashboard();
  return (
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
  );
}
