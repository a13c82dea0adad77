import { apiRouter } from './router';
import { PackageCreateSchema, PackageListQuerySchema, PackagePickupSchema, PackageReturnSchema, PackageSettingsSchema } from '../../shared/schemas/packages';
import { messageText } from '../../shared/messages';
import { todayThere } from '../../shared/time';
import { listPackages, logPackage, pickupPackage, presentPackages, returnPackage, unitPeopleOf } from '../commands/packages/packages';
import { packageSettingsOf, updatePackageSettings } from '../commands/packages/reminders';
import { packageFile } from '../commands/packages/files';
import { deskUnits } from '../commands/packages/units';
import { DeskQuerySchema } from '../../shared/schemas/visitors';
import { transaction } from '../db/transaction';
import { forbidden, notFound, validationError } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { authorizePackageAdministration, authorizePackageDesk, deskRole, findDeskPackage, findReadablePackage } from '../policies/desk';
import { csvText, sendCsv } from '../files/csv';
import { downloadName, sendFile } from '../files/download';
import { packageColumns } from '../files/packages';
import { idParam, parse } from '../validation';
import type { PackageRow } from '../rows/packages';

/**
 * Packages at the desk (docs/modules/packages.md): who may do what is decided by
 * policies/desk.ts; every change one event in the same transaction (the unit hears it live,
 * with its pickup code in its own copy only). Part of the desk, so switched with visitors.
 */
export const packagesRouter = apiRouter();
packagesRouter.use(requireUser);
packagesRouter.use(requireFeature('visitors'));

const one = async (user: ReturnType<typeof currentUser>, row: PackageRow) => (await presentPackages(user, [row]))[0];

packagesRouter.get('/packages', async (ctx) => {
  const user = currentUser(ctx);
  const { rows, total } = await listPackages(user, parse(PackageListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = await presentPackages(user, rows);
});

/** The filtered log (every page, up to 10 000) as CSV for administrators, in their language; never the codes. */
packagesRouter.get('/packages/export.csv', async (ctx) => {
  const user = currentUser(ctx);
  authorizePackageAdministration(user);
  const { limit: _limit, offset: _offset, ...filters } = parse(PackageListQuerySchema, ctx.query);
  const { rows } = await listPackages(user, { ...filters, offset: 0, limit: 10_000 });
  sendCsv(ctx, downloadName(user.language, 'packages', todayThere(), 'csv'), csvText(packageColumns(user.language), await presentPackages(user, rows), user.language));
});

/** After how many days waiting the unit is reminded (system settings of the organization). */
packagesRouter.get('/packages/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizePackageAdministration(user);
  ctx.body = await packageSettingsOf(user.organizationId);
});

packagesRouter.put('/packages/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizePackageAdministration(user);
  const input = parse(PackageSettingsSchema, ctx.request.body);
  ctx.body = await transaction((trx) => updatePackageSettings(trx, user, input));
});

/** The property's units with their residents' names (`?propertyId=`), for the desk's unit search. */
packagesRouter.get('/packages/units', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId } = parse(DeskQuerySchema, ctx.query);
  ctx.body = await deskUnits(user, propertyId);
});

packagesRouter.post('/packages', async (ctx) => {
  const user = currentUser(ctx);
  // Who works no desk is refused whatever they send.
  if (!deskRole(user)) throw forbidden(messageText('package_desk_forbidden'));
  const input = parse(PackageCreateSchema, ctx.request.body);
  await authorizePackageDesk(user, input.propertyId);
  const row = await transaction((trx) => logPackage(trx, user, input));
  ctx.status = 201;
  ctx.body = await one(user, row);
});

/** One package; for the desk, while it waits, with who may pick it up by name. */
packagesRouter.get('/packages/:id', async (ctx) => {
  const user = currentUser(ctx);
  const row = await findReadablePackage(user, idParam(ctx.params.id));
  ctx.body = { ...(await one(user, row)), ...(deskRole(user) && row.status === 'waiting' ? { unitPeople: await unitPeopleOf(row.unitId) } : {}) };
});

for (const kind of ['photo', 'signature'] as const) {
  packagesRouter.get(`/packages/:id/${kind}`, async (ctx) => {
    const user = currentUser(ctx);
    const row = await findReadablePackage(user, idParam(ctx.params.id));
    const file = await packageFile(row.id, kind);
    if (!file) throw notFound();
    sendFile(ctx, file.content, file.fileType, `${kind === 'photo' ? 'paquete' : 'firma'}-${row.id}`, { inline: true });
  });
}

/**
 * Hands the package out. A wrong code changes nothing, answers 400 and counts as a guess
 * (services/guessLimiter.ts: a few, then 429 for the guard and their connection).
 */
packagesRouter.post('/packages/:id/pickup', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction((trx) => findDeskPackage(trx, user, id));
  const input = parse(PackagePickupSchema, ctx.request.body);
  const outcome = await ctx.services.guessLimiter.guard(
    'pickupCode',
    { ip: ctx.ip, userId: user.id },
    () => transaction(async (trx) => pickupPackage(trx, user, await findDeskPackage(trx, user, id), input)),
    (result) => Boolean(result.wrongCode),
  );
  if (outcome.wrongCode) throw validationError({ code: messageText('package_code_wrong') }, messageText('package_code_wrong'));
  ctx.body = await one(user, outcome.row);
});

packagesRouter.post('/packages/:id/return', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction((trx) => findDeskPackage(trx, user, id));
  const { reason } = parse(PackageReturnSchema, ctx.request.body);
  const row = await transaction(async (trx) => returnPackage(trx, user, await findDeskPackage(trx, user, id), reason));
  ctx.body = await one(user, row);
});
