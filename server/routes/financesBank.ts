import { apiRouter } from './router';
import {
  BankAccountCreateSchema,
  BankAccountUpdateSchema,
  BankLineMatchSchema,
  BankLinesQuerySchema,
  ReconciliationQuerySchema,
  StatementImportSchema,
} from '../../shared/schemas/financesBank';
import { createBankAccount, listBankAccounts, updateBankAccount } from '../commands/finances/bankAccounts';
import { matchBankLine, unmatchBankLine } from '../commands/finances/bankMatching';
import { importStatement } from '../commands/finances/bankStatements';
import { markReconciled, reconciliation } from '../commands/finances/reconciliation';
import { rememberedBankLines } from '../commands/finances/remembered';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { authorizeFinances, findFinancesProperty } from '../policies/finances';
import { findBankAccount, findBankLine } from '../policies/financesBank';
import { presentBankAccount, presentBankLine } from '../presenters/financesBank';
import { idParam, parse } from '../validation';
import { answerOnce } from './once';
import { pageAnswer } from './pages';

/**
 * Bank accounts and reconciliation (docs/modules/finances.md, "Bank accounts and
 * reconciliation"): accounts per property, statement imports, their lines with suggestions,
 * matching and the month's reconciliation. Administrators of the organization only
 * (policies/financesBank.ts): other roles 403; another organization's rows 404. POSTs that
 * record money or lines run once per `Idempotency-Key` (routes/once.ts).
 */
export const financesBankRouter = apiRouter();
const answerLines = pageAnswer(presentBankLine);
financesBankRouter.use(requireUser);

financesBankRouter.get('/properties/:id/bank-accounts', async (ctx) => {
  const user = currentUser(ctx);
  const property = await findFinancesProperty(user, idParam(ctx.params.id));
  ctx.body = (await listBankAccounts(property)).map(presentBankAccount);
});

financesBankRouter.post('/properties/:id/bank-accounts', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(BankAccountCreateSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => presentBankAccount(await createBankAccount(trx, user, await findFinancesProperty(user, id, trx), input)));
});

financesBankRouter.patch('/bank-accounts/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(BankAccountUpdateSchema, ctx.request.body);
  ctx.body = presentBankAccount(await transaction(async (trx) => updateBankAccount(trx, user, await findBankAccount(user, id, trx, { lock: true }), input)));
});

/** A CSV or OFX export: `{ imported, duplicates, lines }` (the lines added). */
financesBankRouter.post('/bank-accounts/:id/statements', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(StatementImportSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => {
    const result = await importStatement(trx, user, await findBankAccount(user, id, trx, { lock: true }), input);
    return { statementId: result.statementId, format: result.format, imported: result.imported, duplicates: result.duplicates, lines: result.lines.map(presentBankLine) };
  });
});

financesBankRouter.get('/bank-accounts/:id/lines', async (ctx) => {
  const user = currentUser(ctx);
  const account = await findBankAccount(user, idParam(ctx.params.id));
  answerLines(ctx, user, await rememberedBankLines(user, account, parse(BankLinesQuerySchema, ctx.query)));
});

financesBankRouter.post('/bank-lines/:id/match', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(BankLineMatchSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => {
    const line = await findBankLine(user, id, trx);
    return presentBankLine(await matchBankLine(trx, user, await findBankAccount(user, line.bankAccountId, trx, { lock: true }), line, input));
  });
});

financesBankRouter.delete('/bank-lines/:id/match', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  ctx.body = presentBankLine(
    await transaction(async (trx) => {
      const line = await findBankLine(user, id, trx);
      return unmatchBankLine(trx, user, await findBankAccount(user, line.bankAccountId, trx, { lock: true }), line);
    }),
  );
});

const presentReconciliation = (figures: Awaited<ReturnType<typeof reconciliation>>) => ({
  ...figures,
  unreconciled: { ...figures.unreconciled, bank: figures.unreconciled.bank.map((line) => presentBankLine(line)) },
});

financesBankRouter.get('/bank-accounts/:id/reconciliation', async (ctx) => {
  const user = currentUser(ctx);
  const account = await findBankAccount(user, idParam(ctx.params.id));
  ctx.body = presentReconciliation(await reconciliation(account, parse(ReconciliationQuerySchema, ctx.query).month));
});

/** Marks `{ month }` reconciled (its difference must be 0). */
financesBankRouter.post('/bank-accounts/:id/reconciliation', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const { month } = parse(ReconciliationQuerySchema, ctx.request.body);
  ctx.body = presentReconciliation(await transaction(async (trx) => markReconciled(trx, user, await findBankAccount(user, id, trx, { lock: true }), month)));
  ctx.status = 201;
});
