import type { Redis } from 'ioredis';
import { consumeAll, redisLimiter } from './rateLimits';

// Reset emails asked for: per sign-in email (whether or not it has an account, so the limit
// tells nothing) and per IP.
const PER_ACCOUNT = { points: 3, duration: 60 * 60 };
const PER_IP = { points: 10, duration: 15 * 60 };

const WAIT = 'password_resets_rate_limited';

/** Limits "forgot password" requests (counted in Redis, in memory while it is down). */
export function createResetLimiter(redis: Redis, prefix: string) {
  const byAccount = redisLimiter(redis, prefix, 'reset:account', PER_ACCOUNT);
  const byIp = redisLimiter(redis, prefix, 'reset:ip', PER_IP);
  return {
    /** Counts a request; 429 once this email or this IP asked too often. */
    consume: (username: string, ip: string) => consumeAll([[byIp, ip], [byAccount, username.toLowerCase()]], WAIT),
  };
}

export type ResetLimiter = ReturnType<typeof createResetLimiter>;
