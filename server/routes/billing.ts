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
  PaymentCreateSchema,
  PaymentListQuerySchema,
  PaymentReportSchema,
  PaymentUpdateSchema,
  StatementQuerySchema,
} from '../../shared/schemas/billing';
import { createCharge, listCharges } from '../commands/charges';
import { getPayment, listPayments, paymentProof, recordPayment, reportPayment, reviewPayment } from '../commands/payments';
import { billingSummary, billingUnits, unitStatement } from '../commands/statements';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { forbidden, notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import type { User } from '../models';
import { chargesCsv, paymentsCsv, statementCsv } from '../files/billing';
import { receiptPdf, statementPdf } from '../files/billingPdf';
import { sendCsv } from '../files/csv';
import { downloadName, sendFile, sendPdf } from '../files/download';
import { letterhead } from '../files/pdf';
import {
  authorizeBillingManage,
  authorizeBillingRead,
  findBillingUnit,
  findManageablePayment,
  findReadablePayment,
} from '../policies/billing';
import { findReadableProperty } from '../policies/properties';
import { presentCharge, presentPayment } from '../presenters/billing';
import { idParam, parse } from '../validation';
import { answerOnce } from './once';
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
  await answerOnce(ctx, user, input, async (trx) => presentCharge(await createCharge(trx, user, await findBillingUnit(user, input.unitId, trx), input)));
});

billingRouter.get('/payments', async (ctx) => {
  const user = currentUser(ctx);
  const filters = parse(PaymentListQuerySchema, ctx.query);
  await checkScope(user, filters);
  answerPayments(ctx, user, await listPayments(user, filters));
});

/** Records a payment (once per Idempotency-Key: routes/once.ts). */
billingRouter.post('/payments', async (ctx) => {
  const user = currentUser(ctx);
  authorizeBillingManage(user);
  const input = parse(PaymentCreateSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => presentPayment(await recordPayment(trx, user, await findBillingUnit(user, input.unitId, trx), input)));
});

billingRouter.post('/payments/report', async (ctx) => {
  const user = currentUser(ctx);
  authorizeBillingRead(user);
  if (isAdministrator(user)) throw forbidden(messageText('billing_report_forbidden'));
  const input = parse(PaymentReportSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => presentPayment(await reportPayment(trx, user, await findBillingUnit(user, input.unitId, trx), input)));
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

billingRouter.get('/payments/:id/receipt.pdf', async (ctx) => {
  const user = currentUser(ctx);
  const payment = await getPayment(db(), (await findReadablePayment(user, idParam(ctx.params.id))).id);
  if (!payment.receiptNumber) throw notFound(messageText('billing_no_receipt'));
  sendPdf(ctx, `${payment.receiptNumber}.pdf`, await receiptPdf(await letterhead(payment.organizationId), payment, user.language));
});

/** The transfer proof of a reported payment, shown in the browser (administrators and the unit's people). */
billingRouter.get('/payments/:id/proof', async (ctx) => {
  const user = currentUser(ctx);
  const payment = await findReadablePayment(user, idParam(ctx.params.id));
  const proof = await paymentProof(db(), payment.id);
  if (!proof) throw notFound(messageText('billing_no_proof'));
  const extension = proof.fileType === 'application/pdf' ? 'pdf' : proof.fileType === 'image/png' ? 'png' : 'jpg';
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  sendFile(ctx, proof.content, proof.fileType, downloadName(user.language, 'proof', String(payment.id), extension), { inline: true });
});

async function statementOf(ctx: Context) {
  const user = currentUser(ctx);
  const placed = await findBillingUnit(user, idParam(ctx.params.id));
  return { user, statement: await unitStatement(db(), placed, parse(StatementQuerySchema, ctx.query)) };
}

billingRouter.get('/units/:id/statement', async (ctx) => {
  ctx.body = (await statementOf(ctx)).statement;
});

const statementFile = (user: User, unitNumber: string, extension: string) => downloadName(user.language, 'statement', unitNumber, extension);

billingRouter.get('/units/:id/statement.pdf', async (ctx) => {
  const { user, statement } = await statementOf(ctx);
  const pdf = await statementPdf(await letterhead(statement.unit.organizationId), statement, user.language);
  sendPdf(ctx, statementFile(user, statement.unit.unitNumber, 'pdf'), pdf);
});

/** The statement as CSV: amounts as plain decimals (1234.50) for spreadsheets, words in the user's language. */
billingRouter.get('/units/:id/statement.csv', async (ctx) => {
  const { user, statement } = await statementOf(ctx);
  sendCsv(ctx, statementFile(user, statement.unit.unitNumber, 'csv'), statementCsv(statement, user.language));
});

/** The filtered charges (every page) as CSV, for the Export button. */
billingRouter.get('/charges/export', async (ctx) => {
  const user = currentUser(ctx);
  const { limit: _limit, offset: _offset, ...filters } = parse(ChargeListQuerySchema, ctx.query);
  await checkScope(user, filters);
  const { rows } = await listCharges(user, { ...filters, offset: 0 });
  sendCsv(ctx, downloadName(user.language, 'charges', todayThere(), 'csv'), chargesCsv(rows.map(presentCharge), user.language));
});

/** The filtered payments (every page) as CSV. */
billingRouter.get('/payments/export', async (ctx) => {
  const user = currentUser(ctx);
  const { limit: _limit, offset: _offset, ...filters } = parse(PaymentListQuerySchema, ctx.query);
  await checkScope(user, filters);
  const { rows } = await listPayments(user, { ...filters, offset: 0 });
  sendCsv(ctx, downloadName(user.language, 'payments', todayThere(), 'csv'), paymentsCsv(rows.map(presentPayment), user.language));
});
