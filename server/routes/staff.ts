import { apiRouter } from './router';
import { StaffCreateSchema } from '../../shared/schemas/maintenance';
import { addStaff, listStaff, removeStaff } from '../commands/staff';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { findManageableProperty } from '../policies/properties';
import { idParam, parse } from '../validation';

/**
 * Property staff (docs/modules/maintenance.md): the suppliers who work at a property and the service
 * each gives (maintenance, janitorial, security). Administrators of the property only.
 */
export const staffRouter = apiRouter();
staffRouter.use(requireUser);

staffRouter.get('/properties/:id/staff', async (ctx) => {
  const property = await findManageableProperty(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = await listStaff(property.id);
});

staffRouter.post('/properties/:id/staff', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const member = await transaction(async (trx) => {
    const property = await findManageableProperty(user, id, trx);
    return addStaff(trx, user, property, parse(StaffCreateSchema, ctx.request.body));
  });
  ctx.status = 201;
  ctx.body = member;
});

staffRouter.delete('/properties/:id/staff/:staffId', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const staffId = idParam(ctx.params.staffId);
  await transaction(async (trx) => removeStaff(trx, user, await findManageableProperty(user, id, trx), staffId));
  ctx.status = 204;
});
