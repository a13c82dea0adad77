import { apiRouter } from './router';
import { TransparencyUpdateSchema } from '../../shared/schemas/financesTransparency';
import { setTransparency, transparencyOf } from '../commands/finances/transparency';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { authorizeFinances } from '../policies/finances';
import { parse } from '../validation';

/**
 * The organization's transparency switch (docs/modules/finances.md, "Transparency"): its
 * administrators read and set it; who may then open an invoice is decided in
 * policies/financeReports.ts (findExpenseForInvoice).
 */
export const financesTransparencyRouter = apiRouter();
financesTransparencyRouter.use(requireUser);

financesTransparencyRouter.get('/finances/transparency', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  ctx.body = await transparencyOf(user.organizationId);
});

financesTransparencyRouter.put('/finances/transparency', async (ctx) => {
  const user = currentUser(ctx);
  authorizeFinances(user);
  const { enabled } = parse(TransparencyUpdateSchema, ctx.request.body);
  ctx.body = await transaction((trx) => setTransparency(trx, user, enabled));
});
