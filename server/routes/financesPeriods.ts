import type { Context } from 'koa';
import {
  BudgetQuerySchema,
  BudgetSchema,
  FinancesSummaryQuerySchema,
  MonthlyReportQuerySchema,
  PeriodCloseSchema,
  PeriodListQuerySchema,
  PeriodReopenSchema,
  RecurringExpenseCreateSchema,
  RecurringExpenseUpdateSchema,
  ReportListQuerySchema,
  monthField,
} from '../../shared/schemas/financesClose';
import { messageText } from '../../shared/messages';
import { todayThere } from '../../shared/time';
import { readBudget, saveBudget } from '../commands/finances/budget';
import { listPublishedReports } from '../commands/finances/monthlyReport';
import { closePeriod, listPeriods, reopenPeriod } from '../commands/finances/periods';
import { createRecurring, deleteRecurring, listRecurring, readRecurring, updateRecurring, type RecurringExpenseRow } from '../commands/finances/recurring';
import { rememberedMonthlyReport, rememberedSummary } from '../commands/finances/remembered';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { notFound } from '../errors';
import { monthlyReportPdf } from '../files/financesPdf';
import { sendPdf } from '../files/download';
import { letterhead } from '../files/pdf';
import { currentUser, requireUser } from '../middleware/auth';
import type { User } from '../models';
import { findReportProperty, mayOpenInvoices, type ReportReader } from '../policies/financeReports';
import { authorizeFinances, findFinancesProperty, whereFinancesReachable } from '../policies/finances';
import { presentPeriod, presentRecurring, presentSummary } from '../presenters/financesClose';
import { idParam, parse } from '../validation';
import type { Knex } from 'knex';
import { answerOnce } from './once';
import { apiRouter } from './router';

/**
 * Finances: period close, budget, recurring expense templates, the owners' monthly report and
 * the summary (docs/modules/finances.md). Administrators of the organization (policies/
 * finances.ts); the published reports also to the owners and residents of the property
 * (policies/financeReports.ts). Suppliers: 403. Another organization's rows: 404.
 */
export const financesPeriodsRouter = apiRouter();
financesPeriodsRouter.use(requireUser);

const monthParam = (value: string | undefined) => parse(monthField(), value);
const thisYear = () => Number(todayThere().slice(0, 4));

financesPeriodsRouter.get('/properties/:id/periods', async (ctx) => {
  const property = await findFinancesProperty(currentUser(ctx), idParam(ctx.params.id));
  const year = parse(PeriodListQuerySchema, ctx.query).year ?? thisYear();
  const months = Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
  ctx.body = (await listPeriods(db(), property.id, months)).map(presentPeriod);
});

/** Closes a month and publishes its report (409 when closed already or still to come). */
financesPeriodsRouter.post('/properties/:id/periods/:month/close', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const month = monthParam(ctx.params.month);
  const { reason } = parse(PeriodCloseSchema, ctx.request.body);
  ctx.body = presentPeriod(await transaction(async (trx) => closePeriod(trx, user, await findFinancesProperty(user, id, trx), month, reason)));
});

/** Reopens a closed month, with the reason (required, recorded). */
financesPeriodsRouter.post('/properties/:id/periods/:month/reopen', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const month = monthParam(ctx.params.month);
  const { reason } = parse(PeriodReopenSchema, ctx.request.body);
  ctx.body = presentPeriod(await transaction(async (trx) => reopenPeriod(trx, user, await findFinancesProperty(user, id, trx), month, reason)));
});

financesPeriodsRouter.get('/properties/:id/budget', async (ctx) => {
  const property = await findFinancesProperty(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = await readBudget(db(), property.id, parse(BudgetQuerySchema, ctx.query).year ?? thisYear());
});

financesPeriodsRouter.put('/properties/:id/budget', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(BudgetSchema, ctx.request.body);
  ctx.body = await transaction(async (trx) => saveBudget(trx, user, await findFinancesProperty(user, id, trx), input));
});

financesPeriodsRouter.get('/properties/:id/recurring-expenses', async (ctx) => {
  const property = await findFinancesProperty(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = (await listRecurring(property.id)).map(presentRecurring);
});

/** A template (once per Idempotency-Key): the worker issues it each month. */
financesPeriodsRouter.post('/properties/:id/recurring-expenses', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(RecurringExpenseCreateSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => presentRecurring(await createRecurring(trx, user, await findFinancesProperty(user, id, trx), input)));
});

/** A template the administrator manages, locked for the transaction (404 otherwise). */
async function findRecurring(user: User, id: number, trx: Knex): Promise<RecurringExpenseRow> {
  authorizeFinances(user);
  const found = await whereFinancesReachable(trx('recurringExpenses').where('recurringExpenses.id', id).whereNull('recurringExpenses.deletedAt'), 'recurring_expenses', user)
    .forUpdate()
    .first('recurringExpenses.id');
  if (!found) throw notFound(messageText('finances_recurring_not_found'));
  return readRecurring(trx, id);
}

financesPeriodsRouter.patch('/recurring-expenses/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = presentRecurring(
    await transaction(async (trx) => updateRecurring(trx, user, await findRecurring(user, id, trx), parse(RecurringExpenseUpdateSchema, ctx.request.body))),
  );
});

financesPeriodsRouter.delete('/recurring-expenses/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => deleteRecurring(trx, user, await findRecurring(user, id, trx)));
  ctx.status = 204;
});

/**
 * A month's report: for administrators, the published one of a closed month (as it was
 * published), else computed now; for owners and residents, only a published one (404
 * otherwise). With each expense's invoice files when `invoices`.
 */
async function monthlyReport(ctx: Context, { invoices }: { invoices: (user: User, reader: ReportReader) => Promise<boolean> }) {
  const user = currentUser(ctx);
  const reader = await findReportProperty(user, idParam(ctx.params.id));
  const { month } = parse(MonthlyReportQuerySchema, ctx.query);
  const withFiles = await invoices(user, reader);
  const answer = await rememberedMonthlyReport(user, reader.property, month, { manager: reader.manager, invoices: withFiles });
  if (!answer) throw notFound(messageText('finances_report_not_found'));
  return { ...answer, organizationId: reader.property.organizationId, invoices: withFiles };
}

/** The report as a page: with each expense's invoice files when the reader may open them (the transparency switch), and whether they are shown. */
financesPeriodsRouter.get('/properties/:id/reports/monthly', async (ctx) => {
  const { report, published, invoices } = await monthlyReport(ctx, { invoices: mayOpenInvoices });
  ctx.body = { ...report, published, invoices };
});

financesPeriodsRouter.get('/properties/:id/reports/monthly.pdf', async (ctx) => {
  const { report, organizationId } = await monthlyReport(ctx, { invoices: async () => false });
  const user = currentUser(ctx);
  sendPdf(ctx, `${user.language === 'en' ? 'monthly-report' : 'informe-mensual'}-${report.month}.pdf`, await monthlyReportPdf(await letterhead(organizationId), report, user.language));
});

/** The published reports of a property, newest month first (owners, residents, administrators). */
financesPeriodsRouter.get('/properties/:id/reports', async (ctx) => {
  const { property } = await findReportProperty(currentUser(ctx), idParam(ctx.params.id));
  const { rows, total } = await listPublishedReports(property.id, parse(ReportListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map((row) => ({ id: row.id, propertyId: row.propertyId, month: row.month, version: row.version, publishedAt: new Date(row.publishedAt).toISOString() }));
});

financesPeriodsRouter.get('/finances/summary', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const { propertyId } = parse(FinancesSummaryQuerySchema, ctx.query);
  const property = await findFinancesProperty(user, propertyId);
  ctx.body = presentSummary(await rememberedSummary(user, property));
});
