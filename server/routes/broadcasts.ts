import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** Broadcasts. */
export const broadcastsRouter = apiRouter();
broadcastsRouter.use(requireUser);
