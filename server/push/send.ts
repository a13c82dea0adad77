import webpush from 'web-push';
import type { Language } from '../../shared/messages';
import type { PushPayload } from '../../shared/schemas/push';
import { recordEvent } from '../events/outbox';
import { db } from '../db';
import { transaction } from '../db/transaction';
import type { LiveEvent } from '../../shared/events';
import { ruleFor } from '../notifications/rules';
import { pushRuleFor } from './rules';
import { vapidKeys, vapidSubject } from './vapid';

/** What the push service answered; `removed`: the subscription is gone (404/410) and was deleted. */
export type PushOutcome = { sent: boolean; removed?: boolean; status?: number; reason?: string };

const TEST_TEXT: Record<Language, Omit<PushPayload, 'url' | 'tag'>> = {
  es: { title: 'Vecindad: notificación de prueba', body: 'Las notificaciones llegan a este dispositivo.' },
  en: { title: 'Vecindad: test notification', body: 'Notifications reach this device.' },
};
const BODY_LIMIT = 180;
const short = (text: string) => (text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT - 1)}…` : text);
/** How long the push service keeps an undelivered push (a phone off for the night). */
const TTL_SECONDS = 24 * 60 * 60;

type Subscription = { id: number; userId: number; organizationId: number; endpoint: string; p256dh: string; auth: string };
type NotificationRow = { id: number; userId: number; organizationId: number; eventId: number; type: string; key: string; subjectId: number | null; payload: Record<string, unknown>; link: string | null };

/** The payload of a notification, in its recipient's language: title, short body, URL, tag. */
export function notificationPayload(row: NotificationRow, language: Language): PushPayload | null {
  const rule = ruleFor(row.type);
  if (!rule) return null;
  const text = rule.text[language](row.payload);
  const pushRule = pushRuleFor(row.type);
  const event = { id: row.eventId, type: row.type, subjectId: row.subjectId, payload: row.payload } as LiveEvent;
  return { title: text.title, body: short(text.body), url: row.link ?? '/notifications', tag: pushRule?.tag?.(event) ?? row.key };
}

/**
 * Sends one push (a `push.send` job): encrypts the payload for the device (RFC 8291 aes128gcm)
 * and signs the request (VAPID, RFC 8292) with `web-push`, then posts it ourselves, so that a
 * local push service over http answers in the tests. A 404/410 answer removes the subscription;
 * any other failure is recorded on it and thrown for the queue to retry with backoff.
 */
export async function sendPush(data: { subscriptionId: number; notificationId?: number; test?: { eventId: number } }): Promise<PushOutcome> {
  // The device and its user's language in one read (a push per device of 10,000 residents).
  const subscription: (Subscription & { language: Language; isActive: boolean }) | undefined = await db()('pushSubscriptions as s')
    .join('users as u', 'u.id', 's.userId')
    .where('s.id', data.subscriptionId)
    .first('s.*', 'u.language', 'u.isActive');
  if (!subscription) return { sent: false, reason: 'subscription_gone' };
  const user = subscription;
  if (!user.isActive) return { sent: false, reason: 'user_inactive' };

  let payload: PushPayload | null;
  if (data.notificationId) {
    const row: NotificationRow | undefined = await db()('notifications').where({ id: data.notificationId, userId: subscription.userId }).first();
    payload = row && row.organizationId === subscription.organizationId ? notificationPayload(row, user.language) : null;
  } else {
    payload = { ...TEST_TEXT[user.language], url: '/settings?tab=notifications', tag: 'push-test' };
  }
  if (!payload) return { sent: false, reason: 'notification_gone' };

  const keys = vapidKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: payload.tag.startsWith('walk-in-') || payload.tag.startsWith('broadcast-') ? 'high' : 'normal',
    },
  );

  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    status = response.status;
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    await recordFailure(subscription.id, `network: ${(error as Error).message}`);
    throw error;
  }

  if (status >= 200 && status < 300) {
    await db()('pushSubscriptions').where({ id: subscription.id }).update({ lastUsedAt: db().fn.now(), lastError: null });
    return { sent: true, status };
  }
  if (status === 404 || status === 410) {
    await removeSubscription(subscription, 'gone');
    return { sent: false, removed: true, status };
  }
  await recordFailure(subscription.id, `HTTP ${status}`);
  throw new Error(`El servicio de push respondió ${status}`);
}

async function recordFailure(id: number, reason: string) {
  await db()('pushSubscriptions').where({ id }).update({ lastFailedAt: db().fn.now(), lastError: reason.slice(0, 500) });
}

/** Deletes a subscription and records it (the user's devices list follows live). */
export async function removeSubscription(subscription: Pick<Subscription, 'id' | 'userId' | 'organizationId'>, reason: 'gone' | 'removed', actorId?: number) {
  await transaction(async (trx) => {
    const deleted = await trx('pushSubscriptions').where({ id: subscription.id }).delete();
    if (!deleted) return;
    await recordEvent(trx, {
      type: 'push.unsubscribed',
      organizationId: subscription.organizationId,
      audience: 'user',
      userId: subscription.userId,
      actorId: actorId ?? null,
      subject: { type: 'push_subscription', id: subscription.id },
      payload: { subscriptionId: subscription.id, reason },
    });
  });
}
