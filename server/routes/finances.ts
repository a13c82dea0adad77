import { apiRouter } from './router';
import {
  ExpenseListQuerySchema,
  ExpensePaymentSchema,
  ExpenseUpdateSchema,
  ExpenseVoidSchema,
  FundCreateSchema,
  FundListQuerySchema,
  FundTransferSchema,
  FundUpdateSchema,
  SupplierCreateSchema,
  SupplierListQuerySchema,
  SupplierUpdateSchema,
} from '../../shared/schemas/finances';
import { ExpenseCreateWithAttachmentsSchema } from '../../shared/schemas/financesFiles';
import { storeAttachments } from '../commands/finances/attachments';
import { payExpense, voidExpense } from '../commands/finances/expensePayments';
import { createExpense, listExpenses, readExpense, updateExpense } from '../commands/finances/expenses';
import { createFund, transferBetweenFunds, updateFund } from '../commands/finances/funds';
import { rememberedFunds } from '../commands/finances/remembered';
import { createSupplier, listSuppliers, readSupplier, updateSupplier } from '../commands/finances/suppliers';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import type { User } from '../models';
import { authorizeFinances, findExpense, findFinancesProperty, findFund, findSupplier } from '../policies/finances';
import type { StoredExpense } from '../rows/finances';
import { presentExpense, presentExpenseDetail, presentFund, presentSupplier, presentTransfer } from '../presenters/finances';
import { idParam, parse } from '../validation';
import { answerOnce } from './once';
import { pageAnswer } from './pages';

/**
 * Finances (docs/modules/finances.md): funds and transfers between them, suppliers, expenses and
 * their payments and voids. Administrators of the organization only (policies/finances.ts):
 * other roles 403; another organization's rows 404. Money-creating POSTs run once per
 * `Idempotency-Key` (routes/once.ts).
 */
export const financesRouter = apiRouter();
const answerSuppliers = pageAnswer(presentSupplier);
const answerExpenses = pageAnswer(presentExpense);
financesRouter.use(requireUser);

financesRouter.get('/properties/:id/funds', async (ctx) => {
  const user = currentUser(ctx);
  const property = await findFinancesProperty(user, idParam(ctx.params.id));
  const { date } = parse(FundListQuerySchema, ctx.query);
  ctx.body = (await rememberedFunds(user, property, date)).map(presentFund);
});

financesRouter.post('/properties/:id/funds', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(FundCreateSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => presentFund(await createFund(trx, user, await findFinancesProperty(user, id, trx), input)));
});

financesRouter.patch('/funds/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = presentFund(
    await transaction(async (trx) => {
      await findFund(user, id, trx, { lock: true });
      return updateFund(trx, user, id, parse(FundUpdateSchema, ctx.request.body));
    }),
  );
});

financesRouter.post('/funds/transfers', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const input = parse(FundTransferSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) =>
    presentTransfer(await transferBetweenFunds(trx, user, await findFund(user, input.fromFundId, trx), await findFund(user, input.toFundId, trx), input)),
  );
});

financesRouter.get('/suppliers', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  answerSuppliers(ctx, user, await listSuppliers(user, parse(SupplierListQuerySchema, ctx.query)));
});

financesRouter.post('/suppliers', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const input = parse(SupplierCreateSchema, ctx.request.body);
  ctx.body = presentSupplier(await transaction((trx) => createSupplier(trx, user, input)));
  ctx.status = 201;
});

financesRouter.get('/suppliers/:id', async (ctx) => {
  const user = currentUser(ctx);
  const supplier = await findSupplier(user, idParam(ctx.params.id));
  ctx.body = presentSupplier(await readSupplier(db(), supplier.id));
});

financesRouter.patch('/suppliers/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = presentSupplier(
    await transaction(async (trx) => {
      await findSupplier(user, id, trx);
      return updateSupplier(trx, user, id, parse(SupplierUpdateSchema, ctx.request.body));
    }),
  );
});

/** The property, fund and supplier a list is filtered by must be within reach (404 otherwise). */
async function checkExpenseScope(user: User, filters: { propertyId?: number; fundId?: number; supplierId?: number }) {
  authorizeFinances(user);
  if (filters.propertyId) await findFinancesProperty(user, filters.propertyId);
  if (filters.fundId) await findFund(user, filters.fundId);
  if (filters.supplierId) await findSupplier(user, filters.supplierId);
}

financesRouter.get('/expenses', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const filters = parse(ExpenseListQuerySchema, ctx.query);
  await checkExpenseScope(user, filters);
  answerExpenses(ctx, user, await listExpenses(user, filters));
});

/** Records a pending expense (once per Idempotency-Key), with its invoice's files (financesFiles.ts's checks). */
financesRouter.post('/expenses', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const input = parse(ExpenseCreateWithAttachmentsSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => {
    const { attachments = [], ...fields } = input;
    const expense = await createExpense(trx, user, await findFinancesProperty(user, input.propertyId, trx), fields);
    if (!attachments.length) return presentExpenseDetail(expense);
    await storeAttachments(trx, user, expense, attachments);
    return presentExpenseDetail(await readExpense(trx, expense.id));
  });
});

financesRouter.get('/expenses/:id', async (ctx) => {
  const user = currentUser(ctx);
  const expense = await findExpense(user, idParam(ctx.params.id));
  ctx.body = presentExpenseDetail(await readExpense(db(), expense.id));
});

financesRouter.patch('/expenses/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = presentExpenseDetail(
    await transaction(async (trx) => {
      const current = await findExpense<StoredExpense>(user, id, trx, { lock: true });
      return updateExpense(trx, user, current, parse(ExpenseUpdateSchema, ctx.request.body));
    }),
  );
});

/** A payment of an expense (once per Idempotency-Key); more than it owes: 409. */
financesRouter.post('/expenses/:id/payments', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  authorizeFinances(user);
  const input = parse(ExpensePaymentSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) =>
    presentExpenseDetail(await payExpense(trx, user, await findExpense<StoredExpense>(user, id, trx, { lock: true }), input)),
  );
});

financesRouter.post('/expenses/:id/void', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  ctx.body = presentExpenseDetail(
    await transaction(async (trx) => {
      const current = await findExpense<StoredExpense>(user, id, trx, { lock: true });
      return voidExpense(trx, user, current, parse(ExpenseVoidSchema, ctx.request.body).reason);
    }),
  );
});
