import { z } from 'zod';
import { text } from './common';
import { TEXT_LIMITS } from '../limits';

/**
 * Web Push (docs/modules/push.md): a browser's subscription as `PushSubscription.toJSON()`
 * gives it. Push services speak https; outside production a local push service on
 * http://127.0.0.1 (the tests') is accepted too.
 */
const base64url = (max: number) => z.string({ error: 'push_keys_invalid' }).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'push_keys_invalid').max(max, 'push_keys_invalid');

export function pushEndpointAllowed(endpoint: string, allowLocalHttp: boolean): boolean {
  try {
    const url = new URL(endpoint);
    if (url.protocol === 'https:') return true;
    return allowLocalHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

/** The subscription a device sends; `allowLocalHttp` outside production only. */
export const pushSubscriptionSchema = (allowLocalHttp: boolean) =>
  z.object({
    endpoint: z
      .string({ error: 'push_endpoint_invalid' })
      .max(TEXT_LIMITS.url, 'push_endpoint_invalid')
      .refine((value) => URL.canParse(value), 'push_endpoint_invalid')
      .refine((value) => pushEndpointAllowed(value, allowLocalHttp), 'push_endpoint_https'),
    keys: z.object({ p256dh: base64url(200), auth: base64url(64) }, { error: 'push_keys_invalid' }),
    userAgent: text('summary').optional(),
    expirationTime: z.number().nullable().optional(),
  });
/** Production's rule: https only. */
export const PushSubscriptionSchema = pushSubscriptionSchema(false);
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** What a notification carries to the device: nothing the inbox would not show. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** A device as Settings > Notificaciones lists it. */
export type PushDevice = { id: number; endpoint: string; label: string; createdAt: string; lastUsedAt: string | null; lastError: string | null };

export { WALK_IN_TAG_PREFIX, walkInOfTag, walkInTag } from '../push';
