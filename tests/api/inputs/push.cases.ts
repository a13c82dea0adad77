import { randomBytes } from 'node:crypto';
import type { InputCase } from './types';

/** Web Push: a browser's subscription (its endpoint, keys and user agent); the rest carry no text. */
export const cases: InputCase[] = [
  {
    route: 'POST /api/push/subscriptions',
    as: 'resident',
    request: () => ({
      path: '/api/push/subscriptions',
      body: {
        endpoint: `https://push.vecindad.test/send/${randomBytes(8).toString('hex')}`,
        keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
      },
    }),
  },
  { route: 'DELETE /api/push/subscriptions/:id', noText: 'Takes no body: the device is in the path.' },
  { route: 'POST /api/push/test', noText: 'Takes no body: a test push to the caller’s own devices.' },
];
