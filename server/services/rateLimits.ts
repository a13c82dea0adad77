import type { Language } from '../../shared/messages';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { textsWith, tooManyRequests } from '../errors';

export type LimitOptions = { points: number; duration: number; blockDuration?: number };

/**
 * A limiter counted in Redis under `<prefix>:<name>`, shared by every server instance. While
 * Redis is down an in-memory limiter takes over, so requests keep working and stay limited.
 */
export function redisLimiter(redis: Redis, prefix: string, name: string, options: LimitOptions) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:${name}`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, ...options }),
    ...options,
  });
}

/** A limit's message: says how long to wait in its `{wait}` ("5 minutos"). */
export type WaitMessage = 'login_rate_limited' | 'pass_rate_limited' | 'registrations_rate_limited' | 'password_resets_rate_limited' | 'guesses_rate_limited';

const MINUTES: Record<Language, [one: string, many: string]> = { es: ['minuto', 'minutos'], en: ['minute', 'minutes'] };

/** 429 for a limit reached, with `Retry-After` and the wait in the message (in each language). */
export function limitReached(res: RateLimiterRes, message: WaitMessage) {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(textsWith(message, (lang) => ({ wait: `${minutes} ${MINUTES[lang][minutes === 1 ? 0 : 1]}` })), seconds);
}

/** Counts one attempt on each `[limiter, key]`; the first limit it goes over throws its 429. */
export async function consumeAll(entries: Array<[RateLimiterRedis, string]>, message: WaitMessage) {
  const results = await Promise.allSettled(entries.map(([limiter, key]) => limiter.consume(key)));
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason instanceof RateLimiterRes ? limitReached(result.reason, message) : result.reason;
  }
}
