import { apiRouter } from './router';
import { requireUser, currentUser } from '../middleware/auth';
import {
  BroadcastCreateSchema,
  BroadcastListQuerySchema,
  BroadcastSendSchema,
  BroadcastUpdateSchema,
} from '../../shared/schemas/broadcasts';
import { createBroadcast, createBroadcasts, deleteBroadcast, listBroadcasts, updateBroadcast } from '../commands/broadcasts';
import { transaction } from '../db/transaction';
import { findManageableBroadcast, readableBroadcasts } from '../policies/broadcasts';
import { notFound } from '../errors';
import { messageText } from '../../shared/messages';
import { findManageableProperty } from '../policies/properties';
import { presentBroadcast } from '../presenters/broadcast';
import { idParam, parse } from '../validation';

/**
 * Broadcasts (spec section 7). Reads are scoped by the policies; writes are for the
 * administrators of the property's organization and record their event in the same
 * transaction. The policy runs before validation: who may not write learns nothing more.
 */
export const broadcastsRouter = apiRouter();
broadcastsRouter.use(requireUser);

broadcastsRouter.get('/broadcasts', async (ctx) => {
  const query = parse(BroadcastListQuerySchema, ctx.query);
  const { broadcasts, total } = await listBroadcasts(currentUser(ctx), query);
  ctx.set('X-Total-Count', String(total));
  ctx.body = broadcasts.map(presentBroadcast);
});

/** One broadcast the caller may read (an edit form reloads it after a conflict). */
broadcastsRouter.get('/broadcasts/:id', async (ctx) => {
  const broadcast = await readableBroadcasts(currentUser(ctx)).findById(idParam(ctx.params.id));
  if (!broadcast) throw notFound(messageText('broadcast_not_found'));
  ctx.body = presentBroadcast(broadcast);
});

broadcastsRouter.post('/properties/:propertyId/broadcasts', async (ctx) => {
  const user = currentUser(ctx);
  const propertyId = idParam(ctx.params.propertyId);
  const broadcast = await transaction(async (trx) => {
    const property = await findManageableProperty(user, propertyId, trx);
    return createBroadcast(trx, user, property, parse(BroadcastCreateSchema, ctx.request.body));
  });
  ctx.status = 201;
  ctx.body = presentBroadcast(broadcast);
});

/**
 * The same broadcast to several properties in one request (`propertyIds`): 201 with the list of
 * broadcasts, one per property; a property out of reach (404) or not managed (403) sends none.
 * The properties are in the body, so it is validated first.
 */
broadcastsRouter.post('/broadcasts', async (ctx) => {
  const user = currentUser(ctx);
  const input = parse(BroadcastSendSchema, ctx.request.body);
  const broadcasts = await transaction((trx) => createBroadcasts(trx, user, input));
  ctx.status = 201;
  ctx.body = broadcasts.map(presentBroadcast);
});

broadcastsRouter.patch('/broadcasts/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const broadcast = await transaction(async (trx) => {
    const current = await findManageableBroadcast(user, id, trx);
    return updateBroadcast(trx, user, current, parse(BroadcastUpdateSchema, ctx.request.body));
  });
  ctx.body = presentBroadcast(broadcast);
});

broadcastsRouter.delete('/broadcasts/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  await transaction(async (trx) => deleteBroadcast(trx, user, await findManageableBroadcast(user, id, trx)));
  ctx.status = 204;
});
