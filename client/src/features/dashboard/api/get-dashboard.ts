import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { dashboardQueryKey } from '@client/lib/query-keys';

/** One item of the activity feed (an event of the `events` table the user may see). */
export type ActivityItem = {
  id: number;
  type: string;
  /** What it names (a title, a name, a unit number), if anything. */
  title: string | null;
  propertyId: number | null;
  subject: { type: string; id: number } | null;
  payload: Record<string, unknown>;
  actor: { id: number; name: string } | null;
  createdAt: string;
};

/** GET /api/dashboard: what the user may read, counted; the balance in centavos. */
export type Dashboard = {
  properties: number;
  residents: number;
  documents: number;
  outstandingBalance: number;
  /** Open maintenance requests the user follows. */
  pendingIssues: number;
  recentActivity: ActivityItem[];
};

export const getDashboard = () => api.get<Dashboard>('/api/dashboard');

export const dashboardQueryOptions = () => queryOptions({ queryKey: dashboardQueryKey(), queryFn: getDashboard });

export const useDashboard = () => useQuery(dashboardQueryOptions());

export { dashboardQueryKey };
