import type { Redis } from 'ioredis';
import { consumeAll, redisLimiter } from './rateLimits';

// Public pass lookups need no sign-in: every lookup (page or QR image) counts per IP, and
// lookups of tokens that do not exist count again, so guessing tokens stops quickly while a
// guardhouse's shared connection still opens its visitors' passes.
const PER_IP = { points: 120, duration: 10 * 60 };
const MISSES_PER_IP = { points: 10, duration: 10 * 60, blockDuration: 15 * 60 };

const WAIT = 'pass_rate_limited';

export function createPassLimiter(redis: Redis, prefix: string) {
  const byIp = redisLimiter(redis, prefix, 'pass:ip', PER_IP);
  const misses = redisLimiter(redis, prefix, 'pass:miss', MISSES_PER_IP);
  return {
    /** Counts a lookup; 429 once this IP looked up too many passes or missed too often. */
    consume: async (ip: string) => {
      await consumeAll([[byIp, ip]], WAIT);
      const missed = await misses.get(ip);
      if (missed && missed.consumedPoints >= MISSES_PER_IP.points) await consumeAll([[misses, ip]], WAIT);
    },
    /** Counts a lookup of a token that does not exist. */
    miss: (ip: string) => consumeAll([[misses, ip]], WAIT).catch(() => undefined),
  };
}

export type PassLimiter = ReturnType<typeof createPassLimiter>;
