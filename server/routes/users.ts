import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** Property users list, password reset and notices to a user. */
export const usersRouter = apiRouter();
usersRouter.use(requireUser);
