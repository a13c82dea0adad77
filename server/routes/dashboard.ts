import { apiRouter } from './router';
import { dashboardSummary } from '../commands/dashboard';
import { currentUser, requireUser } from '../middleware/auth';
import { presentDashboard } from '../presenters/dashboard';

/** GET /api/dashboard (summary counts and recent activity). */
export const dashboardRouter = apiRouter();
dashboardRouter.use(requireUser);

dashboardRouter.get('/dashboard', async (ctx) => {
  ctx.body = presentDashboard(await dashboardSummary(currentUser(ctx)));
});
