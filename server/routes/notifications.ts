import { messageText } from '../../shared/messages';
import { apiRouter } from './router';
import { can } from '../../shared/permissions';
import { NotificationListQuerySchema, NotificationUpdateSchema, TokenSchema } from '../../shared/schemas/notifications';
import { idField } from '../../shared/schemas/properties';
import type { Context } from 'koa';
import { z } from 'zod';
import { broadcastReceipts, listNotifications, markAllRead, markNotification, unreadCount } from '../commands/notifications';
import { transaction } from '../db/transaction';
import { AppError, forbidden, notFound } from '../errors';
import { readUnsubscribeToken } from '../mail/unsubscribe';
import { currentUser, requireUser } from '../middleware/auth';
import { User } from '../models';
import { readableBroadcasts } from '../policies/broadcasts';
import { findReadableProperty } from '../policies/properties';
import { presentNotification } from '../presenters/notification';
import { preferencesOf } from '../presenters/user';
import { idParam, parse } from '../validation';

/** The inbox (the bell and /notifications), broadcast read receipts, and unsubscribe links. */
export const notificationsRouter = apiRouter();

/** The user and category of an unsubscribe link (410 for a forged or dead one; wrong links are limited per IP). */
async function subscriptionOf(ctx: Context) {
  const { token } = parse(TokenSchema, ctx.request.body);
  return ctx.services.guessLimiter.guard('unsubscribe', { ip: ctx.ip }, async () => {
    const found = readUnsubscribeToken(token);
    const user = found && (await User.query().findById(found.userId).select('id', 'preferences'));
    if (!found || !user) throw new AppError(410, 'token_invalid', messageText('unsubscribe_link_invalid'));
    return { user, category: found.category, preferences: preferencesOf(user) };
  });
}

/** Public (from an email): which category a link stops, before confirming. */
notificationsRouter.post('/unsubscribe/check', async (ctx) => {
  const { category, preferences } = await subscriptionOf(ctx);
  ctx.body = { category, subscribed: preferences.notifications[category] };
});

/** Public (from an email): turns one category's email off for the link's user. */
notificationsRouter.post('/unsubscribe', async (ctx) => {
  const { user, category, preferences } = await subscriptionOf(ctx);
  await user.$query().patch({ preferences: { ...preferences, notifications: { ...preferences.notifications, [category]: false } } });
  ctx.body = { category, subscribed: false };
});

notificationsRouter.use(requireUser);

/** The inbox, newest first: a JSON array, `?unread=true&limit=&offset=`, X-Total-Count and X-Unread-Count. */
notificationsRouter.get('/notifications', async (ctx) => {
  const user = currentUser(ctx);
  const { notifications, total, unread } = await listNotifications(user, parse(NotificationListQuerySchema, ctx.query));
  ctx.set('X-Total-Count', String(total));
  ctx.set('X-Unread-Count', String(unread));
  ctx.body = notifications.map((row) => presentNotification(row, user.language));
});

/** The bell: `{ unread }`. */
notificationsRouter.get('/notifications/unread-count', async (ctx) => {
  ctx.body = { unread: await unreadCount(currentUser(ctx)) };
});

notificationsRouter.patch('/notifications/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  const { read } = parse(NotificationUpdateSchema, ctx.request.body);
  const row = await transaction((trx) => markNotification(trx, user, id, read));
  ctx.body = presentNotification(row, user.language);
});

notificationsRouter.post('/notifications/read-all', async (ctx) => {
  const user = currentUser(ctx);
  ctx.body = { updated: await transaction((trx) => markAllRead(trx, user)) };
});

/** A broadcast seen (its banner dismissed): its notification is read. */
notificationsRouter.post('/broadcasts/:id/read', async (ctx) => {
  const user = currentUser(ctx);
  const id = idParam(ctx.params.id);
  if (!(await readableBroadcasts(user).findById(id).select('broadcasts.id'))) throw notFound();
  ctx.body = { updated: await transaction((trx) => markAllRead(trx, user, { type: 'broadcast', id })) };
});

/** Administrators: "leído por 18 de 24 residentes" for each broadcast of a property. */
notificationsRouter.get('/broadcasts/receipts', async (ctx) => {
  const user = currentUser(ctx);
  const { propertyId } = parse(z.object({ propertyId: idField() }), ctx.query);
  const property = await findReadableProperty(user, propertyId);
  if (!can(user, 'broadcasts.manage')) throw forbidden();
  ctx.body = await broadcastReceipts(property.id);
});
