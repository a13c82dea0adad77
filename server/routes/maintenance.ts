import { apiRouter } from './router';
import { can } from '../../shared/permissions';
import { todayThere } from '../../shared/time';
import {
  MaintenanceCommentSchema,
  MaintenanceCreateSchema,
  MaintenanceListQuerySchema,
  MaintenancePatchSchema,
  MaintenancePhotoSchema,
  MaintenanceRatingSchema,
  MaintenanceSettingsSchema,
  MaintenanceSummaryQuerySchema,
  MaintenanceUnitsQuerySchema,
} from '../../shared/schemas/maintenance';
import { changeRequest } from '../commands/maintenance/changes';
import { deadlinesOf, updateDeadlines } from '../commands/maintenance/deadlines';
import { addPhoto, photoContent } from '../commands/maintenance/photos';
import { rateRequest } from '../commands/maintenance/rating';
import { createRequest, listRequests, summarize, timelineOf } from '../commands/maintenance/requests';
import { listAssignees } from '../commands/staff';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { forbidden, notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { findReadableRequest, managesMaintenance, opensRequests, reportableUnits } from '../policies/maintenance';
import { findReadableProperty } from '../policies/properties';
import { presentDetail, presentPhoto, presentRequest } from '../presenters/maintenance';
import { idParam, parse } from '../validation';
import { csvText, sendCsv } from '../files/csv';
import { downloadName, sendFile } from '../files/download';
import { maintenanceColumns } from '../files/exports';

/**
 * Maintenance requests (docs/modules/maintenance.md): reads scoped by policies/maintenance.ts,
 * every change one timeline update and one event in the same transaction.
 */
export const maintenanceRouter = apiRouter();
maintenanceRouter.use(requireUser);
maintenanceRouter.use(requireFeature('maintenance'));

maintenanceRouter.get('/maintenance', async (ctx) => {
  const user = currentUser(ctx);
  const { rows, total } = await listRequests(user, parse(MaintenanceListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map((row) => presentRequest(row, user));
});

/** The counts of the requests the user reads; a property they cannot read answers 404, like its rows. */
maintenanceRouter.get('/maintenance/summary', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId } = parse(MaintenanceSummaryQuerySchema, ctx.query);
  if (propertyId) await findReadableProperty(user, propertyId);
  ctx.body = await summarize(user, propertyId);
});

/** The filtered list (every page) as CSV for administrators, in their language. */
maintenanceRouter.get('/maintenance/export.csv', async (ctx) => {
  const user = currentUser(ctx);
  if (!managesMaintenance(user)) throw forbidden();
  const { limit: _limit, offset: _offset, ...filters } = parse(MaintenanceListQuerySchema, ctx.query);
  const { rows } = await listRequests(user, { ...filters, offset: 0 });
  const requests = rows.map((row) => presentRequest(row, user));
  sendCsv(ctx, downloadName(user.language, 'maintenance', todayThere(), 'csv'), csvText(maintenanceColumns(user.language), requests, user.language));
});

/** The maintenance suppliers an administrator may assign (`?propertyId=`) or filter by, with their average rating. */
maintenanceRouter.get('/maintenance/assignees', async (ctx) => {
  const user = currentUser(ctx);
  if (!managesMaintenance(user)) throw forbidden();
  const { propertyId } = parse(MaintenanceSummaryQuerySchema, ctx.query);
  ctx.body = await listAssignees(user, propertyId);
});

/** The units of a property a new request may name (`?propertyId=`): a resident's own, else every unit. */
maintenanceRouter.get('/maintenance/units', async (ctx) => {
  const user = currentUser(ctx);
  if (!opensRequests(user)) throw forbidden();
  const { propertyId } = parse(MaintenanceUnitsQuerySchema, ctx.query);
  const property = await findReadableProperty(user, propertyId);
  ctx.body = await reportableUnits(db(), user, property.id).limit(1000);
});

/** The response deadline of each priority (system settings of the organization). */
maintenanceRouter.get('/maintenance/settings', async (ctx) => {
  const user = currentUser(ctx);
  if (!can(user, 'settings.manage')) throw forbidden();
  ctx.body = await deadlinesOf(user.organizationId);
});

maintenanceRouter.put('/maintenance/settings', async (ctx) => {
  const user = currentUser(ctx);
  if (!can(user, 'settings.manage')) throw forbidden();
  const input = parse(MaintenanceSettingsSchema, ctx.request.body);
  ctx.body = await transaction((trx) => updateDeadlines(trx, user, input));
});

maintenanceRouter.post('/maintenance', async (ctx) => {
  const user = currentUser(ctx);
  if (!opensRequests(user)) throw forbidden();
  const input = parse(MaintenanceCreateSchema, ctx.request.body);
  const row = await transaction((trx) => createRequest(trx, user, input));
  ctx.status = 201;
  ctx.body = presentRequest(row, user);
});

maintenanceRouter.get('/maintenance/:id', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableRequest(user, idParam(ctx.params.id));
  ctx.body = presentDetail(row, user, await timelineOf(user, row));
});

maintenanceRouter.patch('/maintenance/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const current = await findReadableRequest(user, id, trx, true);
    const { version, ...change } = parse(MaintenancePatchSchema, ctx.request.body);
    return changeRequest(trx, user, current, { ...change, version });
  });
  ctx.body = presentRequest(row, user);
});

/** A comment (public or internal), optionally with a status change: answers the request's detail. */
maintenanceRouter.post('/maintenance/:id/updates', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => {
    const current = await findReadableRequest(user, id, trx, true);
    const { content, visibility, status, version } = parse(MaintenanceCommentSchema, ctx.request.body);
    await changeRequest(trx, user, current, { comment: content, visibility, status, version });
  });
  const row = await findReadableRequest(user, id);
  ctx.status = 201;
  ctx.body = presentDetail(row, user, await timelineOf(user, row));
});

maintenanceRouter.post('/maintenance/:id/photos', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const photo = await transaction(async (trx) => {
    const current = await findReadableRequest(user, id, trx, true);
    return addPhoto(trx, user, current, parse(MaintenancePhotoSchema, ctx.request.body));
  });
  ctx.status = 201;
  ctx.body = presentPhoto(photo);
});

/** One photo's bytes: shown by the browser (HEIC, which most cannot show, is downloaded). */
maintenanceRouter.get('/maintenance/:id/photos/:photoId', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadableRequest(user, idParam(ctx.params.id));
  const photo = await photoContent(row.id, idParam(ctx.params.photoId));
  if (!photo) throw notFound();
  sendFile(ctx, photo.content, photo.fileType, photo.fileName ?? `foto-${row.id}`, {
    inline: /^image\/(jpeg|png|webp)$/.test(photo.fileType),
    cache: 'private, max-age=86400',
  });
});

maintenanceRouter.post('/maintenance/:id/rating', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const current = await findReadableRequest(user, id, trx, true);
    return rateRequest(trx, user, current, parse(MaintenanceRatingSchema, ctx.request.body));
  });
  ctx.status = 201;
  ctx.body = presentRequest(row, user);
});
