import type { Context } from 'koa';
import { apiRouter } from './router';
import { todayThere } from '../../shared/time';
import { formatMoney } from '../../shared/format';
import { messageText, messageWith } from '../../shared/messages';
import {
  BillingPlanSchema,
  CertificateCodeSchema,
  ChargeSplitSchema,
  ChargeWaiveSchema,
  DelinquencyQuerySchema,
} from '../../shared/schemas/billing';
import { getPlan, previewPlan, savePlan, splitCharges, waiveCharge } from '../commands/billingPlans';
import { delinquencyReport, issueCertificate, unitOverdue, unitOwnerName, verifyCertificate } from '../commands/delinquency';
import { publicOrigin } from '../config';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { delinquencyCsv } from '../files/billing';
import { certificatePdf, delinquencyPdf } from '../files/billingPdf';
import { sendCsv } from '../files/csv';
import { downloadName, sendPdf } from '../files/download';
import { letterhead } from '../files/pdf';
import { authorizeDelinquency, findBillingUnit, findManageableCharge } from '../policies/billing';
import { findManageableProperty, findReadableProperty } from '../policies/properties';
import { presentCharge } from '../presenters/billing';
import { idParam, parse } from '../validation';
import { answerOnce } from './once';

/**
 * Billing, part 2 (docs/modules/billing.md): the billing plan of a property and its preview,
 * extraordinary charges split across the units, waived late fees, the delinquency report and
 * no-debt certificates. Administrators only, except the certificate (anyone who reads the
 * unit's ledger) and its public verification (certificatesRouter, no sign-in).
 */
export const billingPlansRouter = apiRouter();
billingPlansRouter.use(requireUser);
billingPlansRouter.use(requireFeature('billing'));

billingPlansRouter.get('/properties/:id/billing-plan', async (ctx) => {
  const property = await findManageableProperty(currentUser(ctx), idParam(ctx.params.id));
  const plan = await getPlan(db(), property.id);
  if (!plan) throw notFound(messageText('billing_plan_not_found'));
  ctx.body = plan;
});

billingPlansRouter.put('/properties/:id/billing-plan', async (ctx) => {
  const user = currentUser(ctx);
  const property = await findManageableProperty(user, idParam(ctx.params.id));
  const input = parse(BillingPlanSchema, ctx.request.body);
  ctx.body = await transaction((trx) => savePlan(trx, user, property, input));
});

/** What a plan (as being edited) issues for this month: each unit's cuota, reserve and the totals. */
billingPlansRouter.post('/properties/:id/billing-plan/preview', async (ctx) => {
  const property = await findManageableProperty(currentUser(ctx), idParam(ctx.params.id));
  const input = parse(BillingPlanSchema, ctx.request.body);
  ctx.body = await previewPlan(db(), property, input);
});

billingPlansRouter.post('/properties/:id/charges/split', async (ctx) => {
  const user = currentUser(ctx);
  const property = await findManageableProperty(user, idParam(ctx.params.id));
  const input = parse(ChargeSplitSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => (await splitCharges(trx, user, property, input)).map(presentCharge));
});

billingPlansRouter.post('/charges/:id/waive', async (ctx) => {
  const user = currentUser(ctx);
  const id = await findManageableCharge(user, idParam(ctx.params.id));
  const { reason } = parse(ChargeWaiveSchema, ctx.request.body);
  ctx.body = await transaction((trx) => waiveCharge(trx, user, id, reason));
});

async function delinquencyOf(ctx: Context, everything = false) {
  const user = currentUser(ctx);
  authorizeDelinquency(user);
  const filters = parse(DelinquencyQuerySchema, ctx.query);
  const property = filters.propertyId ? await findReadableProperty(user, filters.propertyId) : null;
  const report = await delinquencyReport(user, everything ? { ...filters, limit: undefined, offset: 0 } : filters);
  return { user, property, report, filters };
}

billingPlansRouter.get('/billing/delinquency', async (ctx) => {
  const { report } = await delinquencyOf(ctx);
  ctx.set('X-Total-Count', String(report.total));
  ctx.body = report;
});

billingPlansRouter.get('/billing/delinquency.csv', async (ctx) => {
  const { user, report } = await delinquencyOf(ctx, true);
  sendCsv(ctx, downloadName(user.language, 'delinquency', todayThere(), 'csv'), delinquencyCsv(report, user.language));
});

billingPlansRouter.get('/billing/delinquency.pdf', async (ctx) => {
  const { user, property, report, filters } = await delinquencyOf(ctx, true);
  const scope = { property: property?.name ?? null, bucket: filters.bucket, q: filters.q };
  const pdf = await delinquencyPdf(await letterhead(property?.organizationId ?? user.organizationId), report, scope, todayThere(), user.language);
  sendPdf(ctx, downloadName(user.language, 'delinquency', todayThere(), 'pdf'), pdf);
});

/**
 * A no-debt certificate of a unit without overdue balance, with a verification code; 409 with
 * what it owes otherwise (`overdue`, centavos).
 */
billingPlansRouter.get('/units/:id/no-debt-certificate.pdf', async (ctx) => {
  const user = currentUser(ctx);
  const placed = await findBillingUnit(user, idParam(ctx.params.id));
  const overdue = await unitOverdue(db(), placed.unit.id);
  if (overdue > 0) {
    const message = messageWith('billing_certificate_debt', { amount: formatMoney(overdue) }, user.language);
    ctx.status = 409;
    ctx.body = { error: 'unit_has_debt', message, overdue };
    return;
  }
  const certificate = await transaction((trx) => issueCertificate(trx, user, placed));
  const unit = `${placed.property.name} · ${placed.unit.unitNumber}`;
  const owner = await unitOwnerName(db(), placed);
  const pdf = await certificatePdf(await letterhead(placed.property.organizationId), { ...certificate, unit, owner, verifyUrl: `${publicOrigin()}/verificar/${certificate.code}` }, user.language);
  sendPdf(ctx, downloadName(user.language, 'certificate', placed.unit.unitNumber, 'pdf'), pdf);
});

/** The public verification of a certificate (`/verificar/<code>`): no sign-in, only the unit, the date and its validity. */
export const certificatesRouter = apiRouter();

certificatesRouter.get('/certificates/:code', async (ctx) => {
  const parsed = CertificateCodeSchema.safeParse(String(ctx.params.code ?? ''));
  ctx.body = await ctx.services.guessLimiter.guard('certificate', { ip: ctx.ip }, async () => {
    const found = parsed.success ? await verifyCertificate(parsed.data) : null;
    if (!found) throw notFound(messageText('billing_certificate_not_found'));
    return found;
  });
  ctx.set('Cache-Control', 'no-store');
});
