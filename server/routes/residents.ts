import { apiRouter } from './router';
import {
  NoticeSchema,
  PropertyResidentsQuerySchema,
  ResidentCreateSchema,
  ResidentListQuerySchema,
  ResidentUpdateSchema,
} from '../../shared/schemas/residents';
import { createResident, deactivateResident, sendNotice, updateResident } from '../commands/residents/changes';
import { getResident, listResidents } from '../commands/residents/list';
import { todayThere } from '../../shared/time';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { forbidden } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { findManageableProperty, findPropertyWithReadableDetails, mayReadPropertyDetails } from '../policies/properties';
import { findManageablePropertyResident, findManageableResidentId, findVisibleResidentId } from '../policies/residents';
import { presentResident } from '../presenters/resident';
import { idParam, parse } from '../validation';
import { pageAnswer } from './pages';
import { csvText, sendCsv } from '../files/csv';
import { downloadName } from '../files/download';
import { residentColumns } from '../files/exports';

/**
 * Residents of a property (Manage dialog) and the organization's residents directory
 * (/residents). Administrators manage; owners read the residents of their properties;
 * residents read their neighbours without contact data; suppliers get 403.
 */
export const residentsRouter = apiRouter();
const answerResidents = pageAnswer(presentResident);
residentsRouter.use(requireUser);

/** A JSON array by name (user name, email, phone, unit number, status...); `?q=&status=&limit=&offset=`, X-Total-Count. */
residentsRouter.get('/properties/:id/residents', async (ctx) => {
  const user = currentUser(ctx);
  const property = await findPropertyWithReadableDetails(user, idParam(ctx.params.id));
  const filters = parse(PropertyResidentsQuerySchema, ctx.query);
  answerResidents(ctx, user, await listResidents(user, { ...filters, propertyId: property.id }));
});

/**
 * 201 with the resident; when a new account was created, `tempPassword` is in this answer
 * and nowhere else (the resident must change it at first sign-in), and `invited` says that an
 * invitation link went to their email (the temporary password is the fallback).
 */
residentsRouter.post('/properties/:id/residents', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const { row, tempPassword, invited } = await transaction(async (trx) => {
    const property = await findManageableProperty(user, id, trx);
    return createResident(trx, user, property, parse(ResidentCreateSchema, ctx.request.body));
  });
  ctx.status = 201;
  ctx.body = { ...presentResident(row, user), tempPassword, invited };
});

residentsRouter.patch('/properties/:id/residents/:residentId', async (ctx) => {
  const user = currentUser(ctx);
  const [propertyId, residentId] = [idParam(ctx.params.id), idParam(ctx.params.residentId)];
  const row = await transaction(async (trx) => {
    const { property, resident } = await findManageablePropertyResident(user, propertyId, residentId, trx);
    return updateResident(trx, user, property, resident, parse(ResidentUpdateSchema, ctx.request.body));
  });
  ctx.body = presentResident(row, user);
});

/** Status inactive and end date today: the user's access to the property ends. */
residentsRouter.post('/properties/:id/residents/:residentId/deactivate', async (ctx) => {
  const user = currentUser(ctx);
  const [propertyId, residentId] = [idParam(ctx.params.id), idParam(ctx.params.residentId)];
  const row = await transaction(async (trx) => {
    const { resident } = await findManageablePropertyResident(user, propertyId, residentId, trx);
    return deactivateResident(trx, user, resident);
  });
  ctx.body = presentResident(row, user);
});

/**
 * The residents directory: every resident of the properties the caller may see, sorted by
 * name. `?q=` (name, last name, email, unit), `?status=`, `?propertyId=`, `?limit=&offset=`;
 * the total of the filtered list in X-Total-Count.
 */
residentsRouter.get('/residents', async (ctx) => {
  const user = currentUser(ctx);
  if (!mayReadPropertyDetails(user)) throw forbidden();
  answerResidents(ctx, user, await listResidents(user, parse(ResidentListQuerySchema, ctx.query)));
});

/** The filtered directory (same filters, every page) as CSV, in the caller's language. */
residentsRouter.get('/residents/export', async (ctx) => {
  const user = currentUser(ctx);
  if (!mayReadPropertyDetails(user)) throw forbidden();
  const { limit: _limit, offset: _offset, ...filters } = parse(ResidentListQuerySchema, ctx.query);
  const { rows } = await listResidents(user, filters);
  const residents = rows.map((row) => presentResident(row, user));
  sendCsv(ctx, downloadName(user.language, 'residents', todayThere(), 'csv'), csvText(residentColumns(user.language), residents, user.language));
});

/** View Profile: the user data, property, unit, status and join date of a residence. */
residentsRouter.get('/residents/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = await findVisibleResidentId(user, idParam(ctx.params.id));
  ctx.body = presentResident(await getResident(db(), id), user);
});

/** Send Message: `{ title, message }`, a direct notice to the resident (201). */
residentsRouter.post('/residents/:id/messages', async (ctx) => {
  const user = currentUser(ctx);
  const residentId = idParam(ctx.params.id);
  const notice = await transaction(async (trx) => {
    const id = await findManageableResidentId(user, residentId, trx);
    const input = parse(NoticeSchema, ctx.request.body);
    return sendNotice(trx, user, await getResident(trx, id), input);
  });
  ctx.status = 201;
  ctx.body = notice;
});
