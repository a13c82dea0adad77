import type Router from '@koa/router';
import { accountRouter } from './account';
import { amenitiesRouter } from './amenities';
import { authRouter } from './auth';
import { broadcastsRouter } from './broadcasts';
import { dashboardRouter } from './dashboard';
import { documentsRouter } from './documents';
import { healthRouter } from './health';
import { organizationsRouter } from './organizations';
import { propertiesRouter } from './properties';
import { residentsRouter } from './residents';
import { settingsRouter } from './settings';
import { unitsRouter } from './units';
import { usersRouter } from './users';

/**
 * Every `/api` router, one per domain file. Each starts with its own guards (requireUser,
 * requireFeature for modules that can be switched off) and is mounted on the app by itself.
 */
export const apiRouters: Router[] = [
  healthRouter,
  authRouter,
  accountRouter,
  dashboardRouter,
  organizationsRouter,
  settingsRouter,
  propertiesRouter,
  unitsRouter,
  residentsRouter,
  usersRouter,
  amenitiesRouter,
  broadcastsRouter,
  documentsRouter,
];
