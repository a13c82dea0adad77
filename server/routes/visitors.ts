import QRCode from 'qrcode';
import { displayCode } from '../../shared/access-codes';
import { apiRouter } from './router';
import {
  DeskLookupSchema,
  DeskQuerySchema,
  VisitorBlockCreateSchema,
  VisitorCreateSchema,
  VisitorDecisionSchema,
  VisitorListQuerySchema,
  VisitorPatchSchema,
  VisitorPropertyQuerySchema,
  VisitorSettingsSchema,
  WalkInSchema,
} from '../../shared/schemas/visitors';
import { addBlock, removeBlock } from '../commands/visitors/blocks';
import { checkIn, checkOut, decideWalkIn, deskToday, lookup, registerWalkIn } from '../commands/visitors/desk';
import { changeVisitor, createVisitor, listVisitors, presentRows, summarizeVisitors } from '../commands/visitors/passes';
import { updateVisitorSettings, visitorSettingsOf } from '../commands/visitors/retention';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { featureEnabled, requireFeature } from '../middleware/features';
import { visitorRows, type VisitorRow } from '../rows/visitors';
import {
  authorizeRegister,
  authorizeVisitorExport,
  authorizeVisitorSettings,
  deskProperties,
  findDeskVisitor,
  findReadableVisitor,
  nameableUnits,
  readableBlocks,
} from '../policies/visitors';
import { presentBlock, presentPass } from '../presenters/visitor';
import { idParam, parse } from '../validation';
import { csvText, sendCsv } from '../files/csv';
import { downloadName } from '../files/download';
import { visitorColumns } from '../files/exports';
import { messageText } from '../../shared/messages';
import { todayThere } from '../../shared/time';

/**
 * Visitor passes and the front desk (docs/modules/visitors.md): who may do what is decided by
 * policies/visitors.ts (routes only ask it before parsing a body, so a caller who may not
 * answers 403 whatever they send), every change one event in the same transaction (the host
 * and the desk hear it live).
 */
export const visitorsRouter = apiRouter();
visitorsRouter.use(requireUser);
visitorsRouter.use(requireFeature('visitors'));

const one = async (user: ReturnType<typeof currentUser>, row: VisitorRow) => (await presentRows(user, [row]))[0];

visitorsRouter.get('/visitors', async (ctx) => {
  const user = currentUser(ctx);
  const { rows, total } = await listVisitors(user, parse(VisitorListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = await presentRows(user, rows);
});

/** The counts of the passes the user reads; a property they cannot read answers 404, like its rows. */
visitorsRouter.get('/visitors/summary', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId } = parse(VisitorPropertyQuerySchema, ctx.query);
  ctx.body = await summarizeVisitors(user, propertyId);
});

/** The filtered log (every page) as CSV for administrators, in their language. */
visitorsRouter.get('/visitors/export.csv', async (ctx) => {
  const user = currentUser(ctx);
  authorizeVisitorExport(user);
  const { limit: _limit, offset: _offset, ...filters } = parse(VisitorListQuerySchema, ctx.query);
  const { rows } = await listVisitors(user, { ...filters, offset: 0 });
  sendCsv(ctx, downloadName(user.language, 'visitors', todayThere(), 'csv'), csvText(visitorColumns(user.language), await presentRows(user, rows), user.language));
});

/**
 * The units of a property (`?propertyId=`) a pass or walk-in may name: a host's own; every unit
 * for administrators and the property's security staff (the desk's walk-in form).
 */
visitorsRouter.get('/visitors/units', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId } = parse(DeskQuerySchema, ctx.query);
  ctx.body = await nameableUnits(user, propertyId);
});

/** How long visitors' personal data is kept (system settings of the organization). */
visitorsRouter.get('/visitors/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizeVisitorSettings(user);
  ctx.body = await visitorSettingsOf(user.organizationId);
});

visitorsRouter.put('/visitors/settings', async (ctx) => {
  const user = currentUser(ctx);
  authorizeVisitorSettings(user);
  const input = parse(VisitorSettingsSchema, ctx.request.body);
  ctx.body = await transaction((trx) => updateVisitorSettings(trx, user, input));
});

visitorsRouter.get('/visitors/do-not-admit', async (ctx) => {
  const { propertyId } = parse(VisitorPropertyQuerySchema, ctx.query);
  ctx.body = (await readableBlocks(currentUser(ctx), propertyId).limit(500)).map(presentBlock);
});

visitorsRouter.post('/visitors/do-not-admit', async (ctx) => {
  const user = currentUser(ctx);
  const input = parse(VisitorBlockCreateSchema, ctx.request.body);
  const row = await transaction((trx) => addBlock(trx, user, input));
  ctx.status = 201;
  ctx.body = presentBlock(row);
});

visitorsRouter.delete('/visitors/do-not-admit/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction((trx) => removeBlock(trx, user, id));
  ctx.status = 204;
});

visitorsRouter.post('/visitors', async (ctx) => {
  const user = currentUser(ctx);
  authorizeRegister(user);
  const input = parse(VisitorCreateSchema, ctx.request.body);
  const row = await transaction((trx) => createVisitor(trx, user, input));
  ctx.status = 201;
  ctx.body = await one(user, row);
});

visitorsRouter.get('/visitors/:id', async (ctx) => {
  const user = currentUser(ctx);
  ctx.body = await one(user, await findReadableVisitor(user, idParam(ctx.params.id)));
});

visitorsRouter.patch('/visitors/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const current = await findReadableVisitor(user, id, trx, true);
    return changeVisitor(trx, user, current, parse(VisitorPatchSchema, ctx.request.body));
  });
  ctx.body = await one(user, row);
});

visitorsRouter.post('/visitors/:id/check-in', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => checkIn(trx, user, await findDeskVisitor(trx, user, id)));
  ctx.body = await one(user, row);
});

visitorsRouter.post('/visitors/:id/check-out', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => checkOut(trx, user, await findDeskVisitor(trx, user, id)));
  ctx.body = await one(user, row);
});

visitorsRouter.post('/visitors/:id/decision', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const row = await transaction(async (trx) => {
    const current = await findReadableVisitor(user, id, trx, true);
    return decideWalkIn(trx, user, current, parse(VisitorDecisionSchema, ctx.request.body).allow);
  });
  ctx.body = await one(user, row);
});

// The desk -----------------------------------------------------------------------------------

/** The properties whose desk the user works (administrators: every property they reach). */
visitorsRouter.get('/desk/properties', async (ctx) => {
  ctx.body = await deskProperties(currentUser(ctx));
});

visitorsRouter.get('/desk/today', async (ctx) => {
  const { propertyId } = parse(DeskQuerySchema, ctx.query);
  ctx.body = await deskToday(currentUser(ctx), propertyId);
});

/**
 * A read (nothing is written): no transaction, two round trips fewer on the desk's hottest path.
 * Unknown codes are limited per guard and per IP; right ones never count.
 */
visitorsRouter.post('/desk/lookup', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId, code } = parse(DeskLookupSchema, ctx.request.body);
  ctx.body = await ctx.services.guessLimiter.guard('deskCode', { ip: ctx.ip, userId: user.id }, () => lookup(db(), user, propertyId, code), (verdict) => verdict.reason === 'unknown');
});

visitorsRouter.post('/desk/walk-ins', async (ctx) => {
  const user = currentUser(ctx);
  const input = parse(WalkInSchema, ctx.request.body);
  const row = await transaction((trx) => registerWalkIn(trx, user, input));
  ctx.status = 201;
  ctx.body = await one(user, row);
});

// The public pass ----------------------------------------------------------------------------

/** Public pass pages (no sign-in): the pass of a live token, rate-limited per IP. */
export const passesRouter = apiRouter();

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

async function passOf(ctx: Parameters<Parameters<typeof passesRouter.get>[1]>[0]) {
  await ctx.services.passLimiter.consume(ctx.ip);
  const token = String(ctx.params.token ?? '');
  const row = TOKEN_SHAPE.test(token)
    ? ((await visitorRows().where('visitors.pass_token', token).whereNull('visitors.anonymized_at').first()) as VisitorRow | undefined)
    : undefined;
  if (!row || !(await featureEnabled(row.organizationId, 'visitors'))) {
    await ctx.services.passLimiter.miss(ctx.ip);
    throw notFound(messageText('pass_not_found'));
  }
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Robots-Tag', 'noindex');
  return row;
}

passesRouter.get('/passes/:token', async (ctx) => {
  ctx.body = presentPass(await passOf(ctx));
});

/** The pass's QR image: the access code, drawn by the `qrcode` library as SVG. */
passesRouter.get('/passes/:token/qr.svg', async (ctx) => {
  const row = await passOf(ctx);
  ctx.type = 'image/svg+xml';
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = await QRCode.toString(displayCode(row.accessCode), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
});
