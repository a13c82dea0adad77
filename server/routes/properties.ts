import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';

/** Properties (spec /api/properties). */
export const propertiesRouter = apiRouter();
propertiesRouter.use(requireUser);
