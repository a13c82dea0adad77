import type Router from '@koa/router';
import { accountRouter } from './account';
import { amenitiesRouter } from './amenities';
import { assembliesRouter } from './assemblies';
import { authRouter } from './auth';
import { billingRouter } from './billing';
import { bookingsRouter } from './bookings';
import { billingPlansRouter, certificatesRouter } from './billingPlans';
import { collectionsRouter } from './collections';
import { broadcastsRouter } from './broadcasts';
import { dashboardRouter } from './dashboard';
import { documentsRouter } from './documents';
import { financesRouter } from './finances';
import { financesBooksRouter } from './financesBooks';
import { financesBankRouter } from './financesBank';
import { financesPeriodsRouter } from './financesPeriods';
import { financesFilesRouter } from './financesFiles';
import { financesTransparencyRouter } from './financesTransparency';
import { healthRouter } from './health';
import { importsRouter } from './imports';
import { exportsRouter } from './exports';
import { joinRequestsRouter } from './joinRequests';
import { mailRouter } from './mail';
import { maintenanceRouter } from './maintenance';
import { notificationsRouter } from './notifications';
import { organizationsRouter } from './organizations';
import { passwordRouter } from './password';
import { propertiesRouter } from './properties';
import { residentsRouter } from './residents';
import { settingsRouter } from './settings';
import { staffRouter } from './staff';
import { unitsRouter } from './units';
import { usersRouter } from './users';
import { passesRouter, visitorsRouter } from './visitors';
import { packagesRouter } from './packages';
import { petsRouter } from './pets';
import { vehiclesRouter } from './vehicles';
import { pushRouter } from './push';
import { appManifestRouter } from './appManifest';

/**
 * Every `/api` router, one per domain file. Each starts with its own guards (requireUser,
 * requireFeature for modules that can be switched off) and is mounted on the app by itself.
 */
export const apiRouters: Router[] = [
  healthRouter,
  appManifestRouter,
  authRouter,
  passwordRouter,
  accountRouter,
  dashboardRouter,
  organizationsRouter,
  settingsRouter,
  propertiesRouter,
  unitsRouter,
  residentsRouter,
  joinRequestsRouter,
  usersRouter,
  amenitiesRouter,
  bookingsRouter,
  // Before broadcasts: its GET /broadcasts/receipts would otherwise be taken for GET /broadcasts/:id.
  notificationsRouter,
  broadcastsRouter,
  documentsRouter,
  billingRouter,
  financesTransparencyRouter,
  billingPlansRouter,
  collectionsRouter,
  certificatesRouter,
  // Before finances: its GET /expenses/:id would otherwise take GET /expenses/export.csv.
  financesFilesRouter,
  financesRouter,
  financesBooksRouter,
  financesBankRouter,
  financesPeriodsRouter,
  importsRouter,
  exportsRouter,
  mailRouter,
  maintenanceRouter,
  staffRouter,
  passesRouter,
  visitorsRouter,
  packagesRouter,
  vehiclesRouter,
  petsRouter,
  assembliesRouter,
  pushRouter,
];
