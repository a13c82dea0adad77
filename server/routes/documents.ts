import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';

/** Documents. */
export const documentsRouter = apiRouter();
documentsRouter.use(requireUser);
documentsRouter.use(requireFeature('documents'));
