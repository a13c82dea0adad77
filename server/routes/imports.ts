import { apiRouter } from './router';
import { messageText } from '../../shared/messages';
import { IMPORT_KINDS, type ImportKind } from '../../shared/onboarding';
import { ImportApplySchema, ImportCreateSchema, ImportMappingSchema, ImportQuerySchema, UnitBulkSchema } from '../../shared/schemas/imports';
import { createBulkUnits, planBulkUnits } from '../commands/imports/bulkUnits';
import { startImport } from '../commands/imports/apply';
import { createImport, presentImport, remapImport, type PreviewRow } from '../commands/imports/imports';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { conflict, notFound } from '../errors';
import { sendCsv } from '../files/csv';
import { sendFile } from '../files/download';
import { errorsCsv, templateCsv, templateXlsx } from '../files/imports';
import { currentUser, requireUser } from '../middleware/auth';
import { authorizeOnboarding, findImport, findImportProperty } from '../policies/imports';
import { idParam, parse } from '../validation';

/**
 * Imports of units, people, balances and suppliers (docs/modules/onboarding.md): the
 * organization's administrators only (403 for anyone else; another organization's property or
 * import, 404).
 */
export const importsRouter = apiRouter();
importsRouter.use(requireUser);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const kindParam = (value: string | undefined): ImportKind => {
  if (!IMPORT_KINDS.includes(value as ImportKind)) throw notFound();
  return value as ImportKind;
};

importsRouter.get('/imports/templates/:kind.csv', async (ctx) => {
  authorizeOnboarding(currentUser(ctx));
  const kind = kindParam(ctx.params.kind);
  sendCsv(ctx, `plantilla-${kind}.csv`, templateCsv(kind));
});

importsRouter.get('/imports/templates/:kind.xlsx', async (ctx) => {
  authorizeOnboarding(currentUser(ctx));
  const kind = kindParam(ctx.params.kind);
  sendFile(ctx, await templateXlsx(kind), XLSX_TYPE, `plantilla-${kind}.xlsx`);
});

/** 201: the file read, the mapping guessed (or given), every row previewed; nothing else written. */
importsRouter.post('/imports', async (ctx) => {
  const user = currentUser(ctx);
  authorizeOnboarding(user);
  const input = parse(ImportCreateSchema, ctx.request.body);
  const stored = await transaction(async (trx) => createImport(trx, user, await findImportProperty(user, input.propertyId, trx), input));
  ctx.status = 201;
  ctx.body = presentImport(stored, user.language);
});

importsRouter.get('/imports/:id', async (ctx) => {
  const user = currentUser(ctx);
  const stored = await findImport(user, idParam(ctx.params.id));
  ctx.body = presentImport(stored, user.language, parse(ImportQuerySchema, ctx.query).status);
});

/** A new column mapping: previewed again (only while not applied). */
importsRouter.patch('/imports/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const { mapping } = parse(ImportMappingSchema, ctx.request.body);
  const stored = await transaction(async (trx) => {
    const found = await findImport(user, id, trx, { lock: true });
    if (found.status !== 'previewed') throw conflict(messageText('import_not_previewed'), 'import_not_previewed');
    return remapImport(trx, found, mapping);
  });
  ctx.body = presentImport(stored, user.language);
});

/**
 * 202: the import applied in one transaction (`applied`), or, past WORKER_IMPORT_ROWS rows,
 * handed to the worker (`applying`; `import.progress` and `import.finished` events follow).
 * `mode: 'all'` (default): a row with an error writes nothing (409 `import_has_errors`);
 * `mode: 'valid'` skips those rows. `invite`: people created are sent the invitation.
 */
importsRouter.post('/imports/:id/apply', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const input = parse(ImportApplySchema, ctx.request.body);
  const result = await transaction(async (trx) => startImport(trx, user, await findImport(user, id, trx, { lock: true }), input));
  if (!result.written) throw conflict(messageText('import_has_errors'), 'import_has_errors');
  ctx.status = 202;
  ctx.body = presentImport(await findImport(user, id, db()), user.language);
});

importsRouter.get('/imports/:id/errors.csv', async (ctx) => {
  const user = currentUser(ctx);
  const stored = await findImport(user, idParam(ctx.params.id));
  sendCsv(ctx, `errores-importacion-${stored.id}.csv`, errorsCsv(stored.kind as ImportKind, stored.rows as PreviewRow[], user.language));
});

/** Mass unit creation: `?dryRun=true` previews the numbers (200); else creates them (201). Existing numbers are skipped. */
importsRouter.post('/properties/:id/units/bulk', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const input = parse(UnitBulkSchema, ctx.request.body);
  const dryRun = ctx.query.dryRun === 'true';
  ctx.body = await transaction(async (trx) => {
    const property = await findImportProperty(user, id, trx);
    return dryRun ? planBulkUnits(trx, property, input) : createBulkUnits(trx, user, property, input);
  });
  ctx.status = dryRun ? 200 : 201;
});
