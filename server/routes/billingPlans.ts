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
import { delinquencyReport, issueCertificate, unitOverdue, verifyCertificate } from '../commands/delinquency';
import { publicOrigin } from '../config';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { Organization } from '../models';
import { DEBT_TEXTS, certificatePdf, delinquencyCsv, delinquencyPdf } from '../billing-files';
import { authorizeDelinquency, findBillingUnit, findManageableCharge } from '../policies/billing';
import { findManageableProperty, findReadableProperty } from '../policies/properties';
import { presentCharge } from '../presenters/billing';
import { presentBranding } from '../presenters/settings';
import { idParam, parse } from '../validation';

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
  const charges = await transaction((trx) => splitCharges(trx, user, property, input));
  ctx.status = 201;
  ctx.body = charges.map(presentCharge);
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
  return { user, property, report };
}

billingPlansRouter.get('/billing/delinquency', async (ctx) => {
  const { report } = await delinquencyOf(ctx);
  ctx.set('X-Total-Count', String(report.total));
  ctx.body = report;
});

function sendFile(ctx: Context, body: Buffer | string, type: string, fileName: string) {
  ctx.attachment(fileName);
  ctx.type = type;
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = body;
}

billingPlansRouter.get('/billing/delinquency.csv', async (ctx) => {
  const { user, report } = await delinquencyOf(ctx, true);
  sendFile(ctx, delinquencyCsv(report, user.language), 'text/csv; charset=utf-8', `${DEBT_TEXTS[user.language].files.delinquency}-${todayThere()}.csv`);
});

async function letterhead(organizationId: number) {
  const organization = await Organization.query().findById(organizationId).throwIfNotFound();
  return { name: organization.name, branding: presentBranding(organization) };
}

billingPlansRouter.get('/billing/delinquency.pdf', async (ctx) => {
  const { user, property, report } = await delinquencyOf(ctx, true);
  const pdf = await delinquencyPdf(await letterhead(property?.organizationId ?? user.organizationId), report, property?.name ?? null, todayThere(), user.language);
  sendFile(ctx, pdf, 'application/pdf', `${DEBT_TEXTS[user.language].files.delinquency}-${todayThere()}.pdf`);
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
  const pdf = await certificatePdf(await letterhead(placed.property.organizationId), { ...certificate, unit, verifyUrl: `${publicOrigin()}/verificar/${certificate.code}` }, user.language);
  sendFile(ctx, pdf, 'application/pdf', `${DEBT_TEXTS[user.language].files.certificate}-${placed.unit.unitNumber.replace(/[^\w-]+/g, '_')}.pdf`);
});

/** The public verification of a certificate (`/verificar/<code>`): no sign-in, only the unit, the date and its validity. */
export const certificatesRouter = apiRouter();

certificatesRouter.get('/certificates/:code', async (ctx) => {
  const parsed = CertificateCodeSchema.safeParse(String(ctx.params.code ?? '').toUpperCase());
  const found = parsed.success ? await verifyCertificate(parsed.data) : null;
  if (!found) throw notFound(messageText('billing_certificate_not_found'));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = found;
});
