import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors';

// Failed sign-ins allowed before a pause: per username from one IP, and per IP overall.
const PER_USER_AND_IP = { points: 5, duration: 15 * 60, blockDuration: 15 * 60 };
const PER_IP = { points: 50, duration: 60 * 60, blockDuration: 60 * 60 };

/**
 * Limits failed sign-in attempts (counted in Redis, shared by every server instance). While
 * Redis is down an in-memory limiter takes over, so sign-in keeps working and stays limited.
 */
export function createLoginLimiter(redis: Redis, prefix: string) {
  const limiter = (name: string, options: typeof PER_IP) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:login:${name}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `login:${name}`, ...options }),
      ...options,
    });
  const byUserAndIp = limiter('user-ip', PER_USER_AND_IP);
  const byIp = limiter('ip', PER_IP);
  const userKey = (username: string, ip: string) => `${username.toLowerCase()}_${ip}`;

  const refuse = (res: RateLimiterRes) => {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    return tooManyRequests(
      `Demasiados intentos de inicio de sesión. Inténtelo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
      seconds,
    );
  };

  return {
    /** Throws 429 while this username (from this IP) or this IP is paused. */
    async check(username: string, ip: string) {
      const [user, address] = await Promise.all([byUserAndIp.get(userKey(username, ip)), byIp.get(ip)]);
      if (user && user.consumedPoints > PER_USER_AND_IP.points) throw refuse(user);
      if (address && address.consumedPoints > PER_IP.points) throw refuse(address);
    },
    async recordFailure(username: string, ip: string) {
      const results = await Promise.allSettled([byUserAndIp.consume(userKey(username, ip)), byIp.consume(ip)]);
      for (const result of results) {
        if (result.status === 'rejected' && result.reason instanceof RateLimiterRes) throw refuse(result.reason);
      }
    },
    async recordSuccess(username: string, ip: string) {
      await byUserAndIp.delete(userKey(username, ip));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
