import { pushSubscriptionSchema } from '../../shared/schemas/push';
import { listDevices, removeDevice, requestTestPush, subscribe } from '../commands/push';
import { config } from '../config';
import { db } from '../db';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { vapidKeys } from '../push/vapid';
import { idParam, parse } from '../validation';
import { apiRouter } from './router';

/** Web Push (docs/modules/push.md): the VAPID public key and the signed-in user's devices. */
export const pushRouter = apiRouter();
pushRouter.use(requireUser);

// Production accepts only https push services; elsewhere a local one on http://127.0.0.1 too.
const SubscriptionSchema = pushSubscriptionSchema(!config.isProduction);

pushRouter.get('/push/public-key', (ctx) => {
  ctx.body = { publicKey: vapidKeys().publicKey };
});

pushRouter.post('/push/subscriptions', async (ctx) => {
  const user = currentUser(ctx);
  const input = parse(SubscriptionSchema, ctx.request.body);
  const { created, device } = await transaction((trx) => subscribe(trx, user, input, ctx.get('User-Agent') || undefined));
  ctx.status = created ? 201 : 200;
  ctx.body = device;
});

pushRouter.get('/push/subscriptions', async (ctx) => {
  ctx.body = await listDevices(db(), currentUser(ctx));
});

pushRouter.delete('/push/subscriptions/:id', async (ctx) => {
  await removeDevice(db(), currentUser(ctx), idParam(ctx.params.id));
  ctx.status = 204;
});

pushRouter.post('/push/test', async (ctx) => {
  ctx.status = 202;
  ctx.body = await transaction((trx) => requestTestPush(trx, currentUser(ctx)));
});
