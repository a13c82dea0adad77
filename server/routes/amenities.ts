import { apiRouter } from './router';
import { requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';

/** The amenity catalogue of a property. */
export const amenitiesRouter = apiRouter();
amenitiesRouter.use(requireUser);
amenitiesRouter.use(requireFeature('amenities'));
