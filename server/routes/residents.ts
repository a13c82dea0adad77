import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** Residents of a property and the residents directory. */
export const residentsRouter = apiRouter();
residentsRouter.use(requireUser);
