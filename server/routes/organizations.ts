import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** Organizations. */
export const organizationsRouter = apiRouter();
organizationsRouter.use(requireUser);
