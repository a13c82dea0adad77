import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES } from '../../shared/enums';
import { isEmailSwitch, type EmailSwitch } from '../../shared/notifications';
import { sessionSecret } from '../config';

/**
 * Unsubscribe links: `<userId>.<category>.<signature>`, signed with a key derived from the
 * session secret (server and worker share it). Stateless and permanent: a link turns one
 * category's email off for one user, nothing else, however old the email.
 */
let key: Buffer | undefined;
const signingKey = () => (key ??= createHmac('sha256', sessionSecret()).update('vecindad:unsubscribe').digest());
const sign = (body: string) => createHmac('sha256', signingKey()).update(body).digest('base64url');

export function unsubscribeToken(userId: number, category: EmailSwitch): string {
  const body = `${userId}.${category}`;
  return `${body}.${sign(body)}`;
}

/** The user and category of a genuine token, or null. */
export function readUnsubscribeToken(token: string): { userId: number; category: EmailSwitch } | null {
  const match = /^(\d{1,10})\.([a-z]+)\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, category, signature] = match;
  const expected = Buffer.from(sign(`${id}.${category}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
  const known = category as (typeof NOTIFICATION_CATEGORIES)[number];
  return isEmailSwitch(known) ? { userId: Number(id), category: known } : null;
}
