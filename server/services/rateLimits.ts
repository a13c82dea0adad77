import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors';

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

/** Says how long to wait: "N minutos" for the message. */
export type WaitMessage = (wait: string) => string;

/** 429 for a limit reached, with `Retry-After` and the wait in the message. */
export function limitReached(res: RateLimiterRes, message: WaitMessage) {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(message(`${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`), seconds);
}

/** Counts one attempt on each `[limiter, key]`; the first limit it goes over throws its 429. */
export async function consumeAll(entries: Array<[RateLimiterRedis, string]>, message: WaitMessage) {
  const results = await Promise.allSettled(entries.map(([limiter, key]) => limiter.consume(key)));
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason instanceof RateLimiterRes ? limitReached(result.reason, message) : result.reason;
  }
}
