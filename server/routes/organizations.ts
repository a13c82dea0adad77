import type { Context, Next } from 'koa';
import { apiRouter } from './router';
import { PageQuerySchema } from '../../shared/schemas/common';
import { OrganizationCreateSchema, OrganizationUpdateSchema } from '../../shared/schemas/organizations';
import { createOrganization, deleteOrganization, updateOrganization } from '../commands/organizations';
import { transaction } from '../db/transaction';
import { AppError } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { toAppError } from '../middleware/errors';
import {
  authorizeOrganizationCreate,
  authorizeOrganizationUpdate,
  findManageableOrganization,
  readableOrganizations,
} from '../policies/organizations';
import { presentOrganization } from '../presenters/organization';
import { idParam, parse } from '../validation';

/** Organizations (spec /api/organizations): who may do what is in policies/organizations.ts. */
export const organizationsRouter = apiRouter();
organizationsRouter.use(requireUser);

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The organizations the caller reaches, by name; `?q=` searches name and domain. */
organizationsRouter.get('/organizations', async (ctx) => {
  const { limit, offset, q } = parse(PageQuerySchema, ctx.query);
  const query = readableOrganizations(currentUser(ctx));
  if (q) query.where((w) => w.whereRaw('name ilike ?', [likePattern(q)]).orWhereRaw('domain ilike ?', [likePattern(q)]));
  const [total, organizations] = await Promise.all([
    query.clone().resultSize(),
    query.orderByRaw('lower(name), id').offset(offset).modify((w) => (limit ? w.limit(limit) : w)),
  ]);
  ctx.set('X-Total-Count', String(total));
  ctx.body = organizations.map(presentOrganization);
});

organizationsRouter.post('/organizations', async (ctx) => {
  const input = parse(OrganizationCreateSchema, ctx.request.body);
  const user = currentUser(ctx);
  const organization = await transaction(async (trx) => {
    await authorizeOrganizationCreate(user, trx);
    return createOrganization(trx, user, input);
  });
  ctx.status = 201;
  ctx.body = presentOrganization(organization);
});

organizationsRouter.put('/organizations/:id', async (ctx) => {
  const id = idParam(ctx.params.id);
  const input = parse(OrganizationUpdateSchema, ctx.request.body);
  const user = currentUser(ctx);
  const organization = await transaction(async (trx) => {
    const current = await findManageableOrganization(user, id, trx);
    authorizeOrganizationUpdate(user, current, input);
    return updateOrganization(trx, user, current, input);
  });
  ctx.body = presentOrganization(organization);
});

/**
 * The organizations screen shows the `error` field of a failed delete (spec section 8), so on
 * this route `error` carries the Spanish sentence too (elsewhere it is a stable code).
 */
async function errorFieldInSpanish(_ctx: Context, next: Next) {
  try {
    await next();
  } catch (error) {
    const appError = toAppError(error);
    if (!appError || appError.status >= 500) throw error;
    throw new AppError(appError.status, appError.message, appError.message, appError.fields, appError.headers);
  }
}

organizationsRouter.delete('/organizations/:id', errorFieldInSpanish, async (ctx) => {
  const id = idParam(ctx.params.id);
  const user = currentUser(ctx);
  await transaction(async (trx) => deleteOrganization(trx, user, await findManageableOrganization(user, id, trx)));
  ctx.body = { success: true };
});
