import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { consumeAll, limitReached, redisLimiter, type LimitOptions } from './rateLimits';

/**
 * Secrets people are sent or shown, which anyone could try to guess: certificate verification
 * codes, invitation and reset links, unsubscribe links, the access codes the desk looks up and packages' pickup codes.
 * Each kind counts WRONG answers only, per IP (and per guard at the desk) over a window; once a
 * budget is used up, every attempt of that IP or guard waits for the window's end (429 with
 * Retry-After), the right secret too. Right answers never count, so a guardhouse scanning its
 * visitors all day never waits; the public pass page has its own limiter (passLimiter.ts).
 */
const WRONG_LINKS = { points: 10, duration: 15 * 60 };
export const GUESS_BUDGETS = {
  /** `/verificar/<code>` (GET /api/certificates/:code). */
  certificate: { ip: WRONG_LINKS },
  /** Invitation and password reset links (POST /api/password/token and /password/reset). */
  accountLink: { ip: WRONG_LINKS },
  /** Unsubscribe links (POST /api/unsubscribe/check and /unsubscribe). */
  unsubscribe: { ip: WRONG_LINKS },
  /** Codes typed or scanned at the desk: typos happen, and a guardhouse's guards share its connection. */
  deskCode: { user: { points: 30, duration: 15 * 60 }, ip: { points: 100, duration: 15 * 60 } },
  /** Pickup codes of packages typed at the desk (6 digits: a handful of wrong ones, then a wait). */
  pickupCode: { user: { points: 5, duration: 15 * 60 }, ip: { points: 20, duration: 15 * 60 } },
} satisfies Record<string, { ip: LimitOptions; user?: LimitOptions }>;
export type GuessKind = keyof typeof GUESS_BUDGETS;

/** Who guesses: the request's IP, and the signed-in user where the budget is per user too. */
export type Guesser = { ip: string; userId?: number };

const WAIT = 'guesses_rate_limited';

export function createGuessLimiter(redis: Redis, prefix: string) {
  const limiters = Object.fromEntries(
    Object.entries(GUESS_BUDGETS).map(([kind, budgets]) => [
      kind,
      Object.entries(budgets).map(([scope, options]) => ({ scope: scope as 'ip' | 'user', options, limiter: redisLimiter(redis, prefix, `guess:${kind}:${scope}`, options) })),
    ]),
  ) as Record<GuessKind, Array<{ scope: 'ip' | 'user'; options: LimitOptions; limiter: ReturnType<typeof redisLimiter> }>>;
  const keyed = (kind: GuessKind, guesser: Guesser) =>
    limiters[kind].flatMap((entry) => {
      const key = entry.scope === 'ip' ? guesser.ip : guesser.userId;
      return key === undefined ? [] : [{ ...entry, key: String(key) }];
    });

  return {
    /**
     * Runs a lookup by a secret: 429 while this guesser has used up a budget of `kind`. A wrong
     * guess counts: one the lookup answers 404 or 410 for, or whose result `wrong` says is.
     */
    async guard<T>(kind: GuessKind, guesser: Guesser, lookup: () => Promise<T>, wrong: (result: T) => boolean = () => false): Promise<T> {
      const entries = keyed(kind, guesser);
      const counts = await Promise.all(entries.map(({ limiter, key }) => limiter.get(key)));
      for (const [i, count] of counts.entries()) {
        if (count && count.consumedPoints >= entries[i].options.points) throw limitReached(count, WAIT);
      }
      const miss = () => consumeAll(entries.map(({ limiter, key }) => [limiter, key]), WAIT).catch(() => undefined);
      try {
        const result = await lookup();
        if (wrong(result)) await miss();
        return result;
      } catch (error) {
        if (error instanceof AppError && (error.status === 404 || error.status === 410)) await miss();
        throw error;
      }
    },
  };
}

export type GuessLimiter = ReturnType<typeof createGuessLimiter>;
