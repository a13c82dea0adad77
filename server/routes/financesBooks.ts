import { apiRouter } from './router';
import type { Context } from 'koa';
import {
  AccountCreateSchema,
  AccountListQuerySchema,
  AccountUpdateSchema,
  JournalQuerySchema,
  StatementAtSchema,
  StatementPeriodSchema,
} from '../../shared/schemas/financesBooks';
import { todayThere } from '../../shared/time';
import { balanceSheet, incomeStatement } from '../books/statements';
import { createAccount, listAccounts, listJournal, updateAccount } from '../commands/finances/books';
import { rememberedTrialBalance } from '../commands/finances/remembered';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { BOOKS_TEXTS, balanceSheetPdf, incomeStatementPdf } from '../files/booksPdf';
import { sendPdf } from '../files/download';
import { letterhead } from '../files/pdf';
import { currentUser, requireUser } from '../middleware/auth';
import { findAccount, findBooksOrganization } from '../policies/books';
import { authorizeFinances, findFinancesProperty } from '../policies/finances';
import { presentAccount, presentJournalEntry } from '../presenters/financesBooks';
import { idParam, parse } from '../validation';
import { pageAnswer } from './pages';

/**
 * The books (docs/modules/finances.md, "The books underneath"): the chart of accounts, the
 * journal and the statements per property (trial balance, balance sheet, income statement, the
 * last two also as PDFs). Administrators of the organization only (policies/finances.ts): other
 * roles 403; another organization's property or account 404. The journal is written by the
 * money commands only (server/books): nothing here posts.
 */
export const financesBooksRouter = apiRouter();
const answerJournal = pageAnswer(presentJournalEntry);
financesBooksRouter.use(requireUser);

financesBooksRouter.get('/accounts', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  ctx.body = (await listAccounts(user, parse(AccountListQuerySchema, ctx.query))).map(presentAccount);
});

financesBooksRouter.post('/accounts', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const input = parse(AccountCreateSchema, ctx.request.body);
  const account = await transaction(async (trx) => createAccount(trx, user, await findBooksOrganization(user, input.organizationId, trx), input));
  ctx.status = 201;
  ctx.body = presentAccount(account);
});

financesBooksRouter.patch('/accounts/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(AccountUpdateSchema, ctx.request.body);
  ctx.body = presentAccount(await transaction(async (trx) => updateAccount(trx, user, await findAccount(user, id, trx, { lock: true }), input)));
});

financesBooksRouter.get('/journal', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const filters = parse(JournalQuerySchema, ctx.query);
  if (filters.propertyId) await findFinancesProperty(user, filters.propertyId);
  if (filters.accountId) await findAccount(user, filters.accountId);
  answerJournal(ctx, user, await listJournal(user, filters));
});

/** The property a statement is of (404 outside the administrator's reach). */
async function statementProperty(ctx: Context) {
  const user = currentUser(ctx);
  const property = await findFinancesProperty(user, idParam(ctx.params.id));
  return { user, property };
}

financesBooksRouter.get('/properties/:id/statements/trial-balance', async (ctx) => {
  const { user, property } = await statementProperty(ctx);
  const { to = todayThere() } = parse(StatementAtSchema, ctx.query);
  ctx.body = await rememberedTrialBalance(user, property.id, to);
});

async function balanceSheetOf(ctx: Context) {
  const { user, property } = await statementProperty(ctx);
  const { to = todayThere() } = parse(StatementAtSchema, ctx.query);
  return { user, property, sheet: await balanceSheet(db(), property.id, to) };
}

financesBooksRouter.get('/properties/:id/statements/balance-sheet', async (ctx) => {
  ctx.body = (await balanceSheetOf(ctx)).sheet;
});

financesBooksRouter.get('/properties/:id/statements/balance-sheet.pdf', async (ctx) => {
  const { user, property, sheet } = await balanceSheetOf(ctx);
  const pdf = await balanceSheetPdf(await letterhead(property.organizationId), property.name, sheet, user.language);
  sendPdf(ctx, `${BOOKS_TEXTS[user.language].files.balanceSheet}-${sheet.to}.pdf`, pdf);
});

async function incomeOf(ctx: Context) {
  const { user, property } = await statementProperty(ctx);
  const { from, to = todayThere() } = parse(StatementPeriodSchema, ctx.query);
  return { user, property, statement: await incomeStatement(db(), property.id, from ?? `${to.slice(0, 4)}-01-01`, to) };
}

financesBooksRouter.get('/properties/:id/statements/income', async (ctx) => {
  ctx.body = (await incomeOf(ctx)).statement;
});

financesBooksRouter.get('/properties/:id/statements/income.pdf', async (ctx) => {
  const { user, property, statement } = await incomeOf(ctx);
  const pdf = await incomeStatementPdf(await letterhead(property.organizationId), property.name, statement, user.language);
  sendPdf(ctx, `${BOOKS_TEXTS[user.language].files.incomeStatement}-${statement.from}_${statement.to}.pdf`, pdf);
});
