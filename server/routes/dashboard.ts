import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** GET /api/dashboard (summary counts and recent activity). */
export const dashboardRouter = apiRouter();
dashboardRouter.use(requireUser);
