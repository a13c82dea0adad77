import { messageText } from '../../shared/messages';
import type { Knex } from 'knex';
import type { NotificationListQuery } from '../../shared/schemas/notifications';
import { db } from '../db';
import { notFound } from '../errors';
import { recordEvent } from '../events/outbox';
import type { User } from '../models';

/** The user's inbox, newest first (`unread` only the unread), and its totals. */
export async function listNotifications(user: User, query: NotificationListQuery) {
  const rows = db()('notifications').where({ userId: user.id });
  if (query.unread) rows.whereNull('readAt');
  const [[{ total }], unread, page] = await Promise.all([
    rows.clone().count({ total: '*' }),
    unreadCount(user),
    rows
      .clone()
      .orderBy('id', 'desc')
      .offset(query.offset)
      .limit(query.limit ?? 20),
  ]);
  return { notifications: page, total: Number(total), unread };
}

export async function unreadCount(user: User, trx: Knex = db()) {
  const [{ count }] = await trx('notifications').where({ userId: user.id }).whereNull('readAt').count({ count: '*' });
  return Number(count);
}

/** Tells the user's other tabs that their unread count changed. */
const recordRead = (trx: Knex, user: User, payload: Record<string, unknown>) =>
  recordEvent(trx, { type: 'notification.read', organizationId: user.organizationId, audience: 'user', userId: user.id, payload });

/** Marks one of the user's notifications read or unread (404 for anyone else's). */
export async function markNotification(trx: Knex, user: User, id: number, read: boolean) {
  const [row] = await trx('notifications')
    .where({ id, userId: user.id })
    .update({ readAt: read ? trx.raw('coalesce(read_at, now())') : null })
    .returning('*');
  if (!row) throw notFound(messageText('notification_not_found'));
  await recordRead(trx, user, { ids: [id], read });
  return row;
}

/** Marks read every unread notification of the user (or those of one subject: a broadcast seen). */
export async function markAllRead(trx: Knex, user: User, subject?: { type: string; id: number }) {
  const query = trx('notifications').where({ userId: user.id }).whereNull('readAt');
  if (subject) query.where({ subjectType: subject.type, subjectId: subject.id });
  const updated = await query.update({ readAt: trx.fn.now() });
  if (updated) await recordRead(trx, user, { all: !subject, read: true });
  return updated;
}

/** For each broadcast of the property that was notified: how many of its recipients read it. */
export async function broadcastReceipts(propertyId: number) {
  const rows = await db()('notifications as n')
    .join('broadcasts as b', 'b.id', 'n.subjectId')
    .where({ 'n.subjectType': 'broadcast', 'b.propertyId': propertyId })
    .groupBy('n.subjectId')
    .select('n.subjectId as broadcastId', db().raw('count(n.read_at)::int as read'), db().raw('count(*)::int as recipients'));
  return rows as Array<{ broadcastId: number; read: number; recipients: number }>;
}
