import { apiRouter } from './router';
import { can } from '../../shared/permissions';
import { UserListQuerySchema } from '../../shared/schemas/users';
import { listPropertyUsers, listUsers, resetPassword } from '../commands/users';
import { forbidden } from '../errors';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { findManageableProperty } from '../policies/properties';
import { findResettableUser } from '../policies/users';
import { presentPropertyUser } from '../presenters/resident';
import { destroyUserSessions } from '../session/store';
import { idParam, parse } from '../validation';

/** The users of a property (Manage dialog, View users) and password reset: administrators only. */
export const usersRouter = apiRouter();
usersRouter.use(requireUser);

/**
 * The users of the organizations the administrator reaches (`?role=&organizationId=&q=`,
 * paged): e.g. the Propietarios to choose a property's owner from.
 */
usersRouter.get('/users', async (ctx) => {
  const actor = currentUser(ctx);
  if (!can(actor, 'users.manage')) throw forbidden();
  const { users, total } = await listUsers(actor, parse(UserListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.body = users.map(presentPropertyUser);
});

/** A JSON array of id, name, lastName, username, email, role: residents, owner, the suppliers on its staff. */
usersRouter.get('/properties/:id/users', async (ctx) => {
  const property = await findManageableProperty(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = (await listPropertyUsers(property.id)).map(presentPropertyUser);
});

/**
 * `{ tempPassword }`, shown once to the administrator. The user must choose a new password at
 * the next sign-in, and every session they have open ends now, with its live connections.
 */
usersRouter.post('/users/:id/reset-password', async (ctx) => {
  const actor = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const tempPassword = await transaction(async (trx) => resetPassword(trx, actor, await findResettableUser(actor, id, trx)));
  await destroyUserSessions(id);
  ctx.services.disconnectUser(id);
  ctx.body = { tempPassword };
});
