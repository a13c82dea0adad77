import { apiRouter } from './router';
import { messageText } from '../../shared/messages';
import { ExpenseListQuerySchema } from '../../shared/schemas/finances';
import { ExpenseAttachmentSchema } from '../../shared/schemas/financesFiles';
import { todayThere } from '../../shared/time';
import { addAttachment, attachmentContent } from '../commands/finances/attachments';
import { listExpenses } from '../commands/finances/expenses';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { notFound } from '../errors';
import { expensesCsv } from '../files/finances';
import { sendCsv } from '../files/csv';
import { downloadName, sendFile } from '../files/download';
import { currentUser, requireUser } from '../middleware/auth';
import { findExpenseForInvoice } from '../policies/financeReports';
import { authorizeFinances, findExpense, findFinancesProperty, findFund, findSupplier } from '../policies/finances';
import { presentExpense, presentExpenseDetail } from '../presenters/finances';
import type { StoredExpense } from '../rows/finances';
import { idParam, parse } from '../validation';

/**
 * Finances' files (docs/modules/finances.md, "Attachments" and "Exports"): an expense's invoice
 * photos and PDFs, and the expense list as CSV. Administrators (policies/finances.ts); an invoice
 * also owners and residents under the transparency switch (policies/financeReports.ts);
 * another organization's expense is 404. Mounted before financesRouter, whose
 * `/expenses/:id` would otherwise take `/expenses/export.csv`.
 */
export const financesFilesRouter = apiRouter();
financesFilesRouter.use(requireUser);

/** The filtered expenses (every page) as CSV, for the Export button. */
financesFilesRouter.get('/expenses/export.csv', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const { limit: _limit, offset: _offset, ...filters } = parse(ExpenseListQuerySchema, ctx.query);
  if (filters.propertyId) await findFinancesProperty(user, filters.propertyId);
  if (filters.fundId) await findFund(user, filters.fundId);
  if (filters.supplierId) await findSupplier(user, filters.supplierId);
  const { rows } = await listExpenses(user, { ...filters, offset: 0 });
  sendCsv(ctx, downloadName(user.language, 'expenses', todayThere(), 'csv'), expensesCsv(rows.map(presentExpense), user.language));
});

/** Adds the invoice's photo or PDF to an expense (any state: it changes no money). */
financesFilesRouter.post('/expenses/:id/attachments', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(ExpenseAttachmentSchema, ctx.request.body);
  ctx.body = presentExpenseDetail(
    await transaction(async (trx) => addAttachment(trx, user, await findExpense<StoredExpense>(user, id, trx, { lock: true }), input)),
  );
  ctx.status = 201;
});

/** One file of an expense, shown in the browser as the type its content was checked to be. */
financesFilesRouter.get('/expenses/:id/attachments/:attachmentId', async (ctx) => {
  const user = currentUser(ctx);
  const expense = await findExpenseForInvoice(user, idParam(ctx.params.id));
  const file = await attachmentContent(db(), expense.id, idParam(ctx.params.attachmentId));
  if (!file) throw notFound(messageText('finances_attachment_not_found'));
  const extension = file.fileType === 'application/pdf' ? 'pdf' : file.fileType === 'image/png' ? 'png' : 'jpg';
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  sendFile(ctx, file.content, file.fileType, downloadName(user.language, 'invoice', `${expense.id}-${ctx.params.attachmentId}`, extension), { inline: true });
});
