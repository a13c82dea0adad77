import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import type { PushDevice, PushSubscriptionInput } from '../../shared/schemas/push';
import { recordEvent } from '../events/outbox';
import { conflict, notFound } from '../errors';
import type { User } from '../models';
import { removeSubscription } from '../push/send';

type Row = { id: number; endpoint: string; userId: number; organizationId: number; deviceLabel: string; createdAt: Date; lastUsedAt: Date | null; lastError: string | null };

export const presentDevice = (row: Row): PushDevice => ({
  id: row.id,
  endpoint: row.endpoint,
  label: row.deviceLabel,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  lastError: row.lastError,
});

/** "Chrome en Android" from a user agent: enough to tell one's devices apart. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Navegador';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} · ${system}` : browser;
}

/**
 * Subscribes the user's device: a new endpoint adds a row (201), a known one is taken over by
 * this user with its new keys (a browser shared by two people follows whoever subscribed last).
 */
export async function subscribe(trx: Knex, user: User, input: PushSubscriptionInput, userAgent: string | undefined) {
  const values = {
    organizationId: user.organizationId,
    userId: user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: deviceLabel(input.userAgent ?? userAgent),
  };
  const existing: Row | undefined = await trx('pushSubscriptions').where({ endpoint: input.endpoint }).forUpdate().first();
  const [row]: Row[] = existing
    ? await trx('pushSubscriptions')
        .where({ id: existing.id })
        .update({ ...values, deviceLabel: input.userAgent ? values.deviceLabel : existing.deviceLabel || values.deviceLabel, lastError: null }, '*')
    : await trx('pushSubscriptions').insert(values, '*');
  await recordEvent(trx, {
    type: 'push.subscribed',
    organizationId: user.organizationId!,
    audience: 'user',
    userId: user.id,
    actorId: user.id,
    subject: { type: 'push_subscription', id: row.id },
    payload: { subscriptionId: row.id },
  });
  return { created: !existing, device: presentDevice(row) };
}

export async function listDevices(trx: Knex, user: User): Promise<PushDevice[]> {
  const rows: Row[] = await trx('pushSubscriptions').where({ userId: user.id, organizationId: user.organizationId }).orderBy('createdAt', 'desc');
  return rows.map(presentDevice);
}

/** Removes one of the user's devices; anyone else's answers 404. */
export async function removeDevice(trx: Knex, user: User, id: number) {
  const row: Row | undefined = await trx('pushSubscriptions').where({ id, userId: user.id }).first();
  if (!row) throw notFound(messageText('push_subscription_not_found'));
  await removeSubscription(row, 'removed', user.id);
}

/** Settings' "Enviar prueba": recorded as an event whose follow-up queues a push per device. */
export async function requestTestPush(trx: Knex, user: User) {
  const devices = await listDevices(trx, user);
  if (!devices.length) throw conflict(messageText('push_no_devices'), 'push_no_devices');
  await recordEvent(trx, {
    type: 'push.test_requested',
    organizationId: user.organizationId!,
    audience: 'user',
    userId: user.id,
    actorId: user.id,
    payload: { devices: devices.length },
  });
  return { devices: devices.length };
}
