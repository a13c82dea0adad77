import { apiRouter } from './router';
import { messageText } from '../../shared/messages';
import { ExportCreateSchema } from '../../shared/schemas/imports';
import { COLUMNS, presentExport, requestExport, type StoredExport } from '../commands/exports/exports';
import { transaction } from '../db/transaction';
import { AppError, conflict, notFound } from '../errors';
import { sendFile } from '../files/download';
import { currentUser, requireUser } from '../middleware/auth';
import { authorizeOnboarding, findExport, findImportProperty } from '../policies/imports';
import { idParam, parse } from '../validation';

/**
 * "Exportar todo" (docs/modules/onboarding.md): the organization's administrators only (403 for
 * anyone else); another organization's property or export answers 404.
 */
export const exportsRouter = apiRouter();
exportsRouter.use(requireUser);

/** 202: asked for; the worker builds it and the inbox links it when ready. */
exportsRouter.post('/exports', async (ctx) => {
  const user = currentUser(ctx);
  authorizeOnboarding(user);
  const { propertyId } = parse(ExportCreateSchema, ctx.request.body);
  const stored = await transaction(async (trx) => requestExport(trx, user, propertyId ? await findImportProperty(user, propertyId, trx) : null));
  ctx.status = 202;
  ctx.body = presentExport(stored, user.language);
});

exportsRouter.get('/exports/:id', async (ctx) => {
  const user = currentUser(ctx);
  ctx.body = presentExport(await findExport<StoredExport>(user, idParam(ctx.params.id), COLUMNS), user.language);
});

/** The zip while it is kept (409 before it is ready, 410 once expired). */
exportsRouter.get('/exports/:id/download', async (ctx) => {
  const user = currentUser(ctx);
  const stored = await findExport<StoredExport & { content: Buffer | null }>(user, idParam(ctx.params.id), [...COLUMNS, 'content']);
  if (stored.status === 'expired') throw new AppError(410, 'export_expired', messageText('export_expired'));
  if (stored.status !== 'ready' || !stored.content) throw stored.status === 'building' ? conflict(messageText('export_not_ready'), 'export_not_ready') : notFound(messageText('export_not_found'));
  sendFile(ctx, stored.content, 'application/zip', stored.fileName ?? `vecindad-${stored.id}.zip`, { length: stored.content.length });
});
