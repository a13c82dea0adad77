import type { Context } from 'koa';
import { apiRouter } from './router';
import { messageText } from '../../shared/messages';
import { isAdministrator } from '../../shared/permissions';
import { todayThere } from '../../shared/time';
import {
  BillingSummaryQuerySchema,
  BillingUnitsQuerySchema,
  ChargeCreateSchema,
  ChargeListQuerySchema,
  IdempotencyKeySchema,
  PaymentCreateSchema,
  PaymentListQuerySchema,
  PaymentReportSchema,
  PaymentUpdateSchema,
  StatementQuerySchema,
} from '../../shared/schemas/billing';
import { createCharge, listCharges } from '../commands/charges';
import { getPayment, listPayments, paymentProof, recordPayment, reportPayment, requestHash, reviewPayment, type Idempotency } from '../commands/payments';
import { billingSummary, billingUnits, unitStatement } from '../commands/statements';
import { isUniqueViolation } from '../commands/units';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { forbidden, notFound, validationError } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { Organization, type User } from '../models';
import { BILLING_TEXTS, chargesCsv, paymentsCsv, receiptPdf, statementCsv, statementPdf } from '../billing-files';
import {
  authorizeBillingManage,
  authorizeBillingRead,
  findBillingUnit,
  findManageablePayment,
  findReadablePayment,
} from '../policies/billing';
import { findReadableProperty } from '../policies/properties';
import { presentCharge, presentPayment } from '../presenters/billing';
import { presentBranding } from '../presenters/settings';
import { idParam, parse } from '../validation';
import { pageAnswer } from './pages';

/**
 * Billing (docs/modules/billing.md): the summary cards, charges, payments (recorded, reported,
 * confirmed, rejected, refunded), receipts and unit statements. Administrators manage;
 * owners and residents read the ledger of their units and report transfers; suppliers get
 * 403. A unit, property or payment outside the caller's reach answers 404.
 */
export const billingRouter = apiRouter();
const answerUnitDebts = pageAnswer((row: unknown) => row);
const answerCharges = pageAnswer(presentCharge);
const answerPayments = pageAnswer(presentPayment);
billingRouter.use(requireUser);
billingRouter.use(requireFeature('billing'));

/** The property and unit a list is filtered by must be within reach (404 otherwise). */
async function checkScope(user: User, filters: { propertyId?: number; unitId?: number }) {
  authorizeBillingRead(user);
  if (filters.propertyId) await findReadableProperty(user, filters.propertyId);
  if (filters.unitId) await findBillingUnit(user, filters.unitId);
}

billingRouter.get('/billing/summary', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId } = parse(BillingSummaryQuerySchema, ctx.query);
  await checkScope(user, { propertyId });
  ctx.body = await billingSummary(user, propertyId);
});

billingRouter.get('/billing/units', async (ctx) => {
  const user = currentUser(ctx);
  const filters = parse(BillingUnitsQuerySchema, ctx.query);
  await checkScope(user, filters);
  answerUnitDebts(ctx, user, await billingUnits(user, filters));
});

billingRouter.get('/charges', async (ctx) => {
  const user = currentUser(ctx);
  const filters = parse(ChargeListQuerySchema, ctx.query);
  await checkScope(user, filters);
  answerCharges(ctx, user, await listCharges(user, filters));
});

billingRouter.post('/charges', async (ctx) => {
  const user = currentUser(ctx);
  authorizeBillingManage(user);
  const input = parse(ChargeCreateSchema, ctx.request.body);
  const charge = await transaction(async (trx) => createCharge(trx, user, await findBillingUnit(user, input.unitId, trx), input));
  ctx.status = 201;
  ctx.body = presentCharge(charge);
});

billingRouter.get('/payments', async (ctx) => {
  const user = currentUser(ctx);
  const filters = parse(PaymentListQuerySchema, ctx.query);
  await checkScope(user, filters);
  answerPayments(ctx, user, await listPayments(user, filters));
});

/** The request's Idempotency-Key (optional; 400 when malformed) with the request's fingerprint. */
function idempotency(ctx: Context, kind: string, input: unknown): Idempotency {
  const key = ctx.get('Idempotency-Key');
  if (!key) return null;
  if (!IdempotencyKeySchema.safeParse(key).success) throw validationError({ 'Idempotency-Key': messageText('billing_idempotency_key_invalid') });
  return { key, hash: requestHash(kind, input) };
}

/**
 * Records a payment, once per Idempotency-Key: 201 with the payment, or 200 with the payment
 * already recorded for that key (`Idempotent-Replayed: true`). Two requests with one key at
 * the same moment: the second waits for the first (the unit's lock) and answers its payment.
 */
async function recordOnce(ctx: Context, record: () => Promise<{ payment: Awaited<ReturnType<typeof getPayment>>; replayed: boolean }>, key: Idempotency, user: User) {
  let result;
  try {
    result = await record();
  } catch (error) {
    // The same key on another unit, at the same moment: answer the payment that won.
    if (!key || !isUniqueViolation(error, 'payments_organization_id_idempotency_key_unique')) throw error;
    const existing = await db()('payments').where({ organizationId: user.organizationId, idempotencyKey: key.key }).first('id', 'requestHash');
    if (!existing || existing.requestHash !== key.hash) throw error;
    result = { payment: await getPayment(db(), existing.id), replayed: true };
  }
  if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
  ctx.status = result.replayed ? 200 : 201;
  ctx.body = presentPayment(result.payment);
}

billingRouter.post('/payments', async (ctx) => {
  const user = currentUser(ctx);
  authorizeBillingManage(user);
  const input = parse(PaymentCreateSchema, ctx.request.body);
  const key = idempotency(ctx, 'record', input);
  await recordOnce(ctx, () => transaction(async (trx) => recordPayment(trx, user, await findBillingUnit(user, input.unitId, trx), input, key)), key, user);
});

billingRouter.post('/payments/report', async (ctx) => {
  const user = currentUser(ctx);
  authorizeBillingRead(user);
  if (isAdministrator(user)) throw forbidden(messageText('billing_report_forbidden'));
  const input = parse(PaymentReportSchema, ctx.request.body);
  const key = idempotency(ctx, 'report', { ...input, proof: requestHash('proof', input.proof.content) });
  await recordOnce(ctx, () => transaction(async (trx) => reportPayment(trx, user, await findBillingUnit(user, input.unitId, trx), input, key)), key, user);
});

billingRouter.patch('/payments/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const payment = await transaction(async (trx) => {
    const current = await findManageablePayment(user, id, trx);
    return reviewPayment(trx, user, current, parse(PaymentUpdateSchema, ctx.request.body));
  });
  ctx.body = presentPayment(payment);
});

/** The organization's name and branding, for its documents. */
async function letterhead(organizationId: number) {
  const organization = await Organization.query().findById(organizationId).throwIfNotFound();
  return { name: organization.name, branding: presentBranding(organization) };
}

function sendFile(ctx: Context, body: Buffer | string, type: string, fileName: string, inline = false) {
  ctx.attachment(fileName, { type: inline ? 'inline' : 'attachment' });
  ctx.type = type;
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = body;
}

billingRouter.get('/payments/:id/receipt.pdf', async (ctx) => {
  const user = currentUser(ctx);
  const payment = await getPayment(db(), (await findReadablePayment(user, idParam(ctx.params.id))).id);
  if (!payment.receiptNumber) throw notFound(messageText('billing_no_receipt'));
  sendFile(ctx, await receiptPdf(await letterhead(payment.organizationId), payment, user.language), 'application/pdf', `${payment.receiptNumber}.pdf`);
});

/** The transfer proof of a reported payment, shown in the browser (administrators and the unit's people). */
billingRouter.get('/payments/:id/proof', async (ctx) => {
  const payment = await findReadablePayment(currentUser(ctx), idParam(ctx.params.id));
  const proof = await paymentProof(db(), payment.id);
  if (!proof) throw notFound(messageText('billing_no_proof'));
  const extension = proof.fileType === 'application/pdf' ? 'pdf' : proof.fileType === 'image/png' ? 'png' : 'jpg';
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  sendFile(ctx, proof.content, proof.fileType, `comprobante-${payment.id}.${extension}`, true);
});

async function statementOf(ctx: Context) {
  const user = currentUser(ctx);
  const placed = await findBillingUnit(user, idParam(ctx.params.id));
  return { user, statement: await unitStatement(db(), placed, parse(StatementQuerySchema, ctx.query)) };
}

billingRouter.get('/units/:id/statement', async (ctx) => {
  ctx.body = (await statementOf(ctx)).statement;
});

const CSV = 'text/csv; charset=utf-8';
const statementFileName = (user: User, unitNumber: string) => `${BILLING_TEXTS[user.language].files.statement}-${unitNumber.replace(/[^\w-]+/g, '_')}`;

billingRouter.get('/units/:id/statement.pdf', async (ctx) => {
  const { user, statement } = await statementOf(ctx);
  const pdf = await statementPdf(await letterhead(statement.unit.organizationId), statement, user.language);
  sendFile(ctx, pdf, 'application/pdf', `${statementFileName(user, statement.unit.unitNumber)}.pdf`);
});

/** The statement as CSV: amounts as plain decimals (1234.50) for spreadsheets, words in the user's language. */
billingRouter.get('/units/:id/statement.csv', async (ctx) => {
  const { user, statement } = await statementOf(ctx);
  sendFile(ctx, statementCsv(statement, user.language), CSV, `${statementFileName(user, statement.unit.unitNumber)}.csv`);
});

/** The filtered charges (every page) as CSV, for the Export button. */
billingRouter.get('/charges/export', async (ctx) => {
  const user = currentUser(ctx);
  const { limit: _limit, offset: _offset, ...filters } = parse(ChargeListQuerySchema, ctx.query);
  await checkScope(user, filters);
  const { rows } = await listCharges(user, { ...filters, offset: 0 });
  sendFile(ctx, chargesCsv(rows.map(presentCharge), user.language), CSV, `${BILLING_TEXTS[user.language].files.charges}-${todayThere()}.csv`);
});

/** The filtered payments (every page) as CSV. */
billingRouter.get('/payments/export', async (ctx) => {
  const user = currentUser(ctx);
  const { limit: _limit, offset: _offset, ...filters } = parse(PaymentListQuerySchema, ctx.query);
  await checkScope(user, filters);
  const { rows } = await listPayments(user, { ...filters, offset: 0 });
  sendFile(ctx, paymentsCsv(rows.map(presentPayment), user.language), CSV, `${BILLING_TEXTS[user.language].files.payments}-${todayThere()}.csv`);
});
