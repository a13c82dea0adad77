import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** System settings of the organization. */
export const settingsRouter = apiRouter();
settingsRouter.use(requireUser);
