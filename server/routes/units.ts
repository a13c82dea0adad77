import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** Units of a property. */
export const unitsRouter = apiRouter();
unitsRouter.use(requireUser);
