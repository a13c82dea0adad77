import type { Redis } from 'ioredis';
import { consumeAll, redisLimiter } from './rateLimits';

// Registrations tried from one IP in an hour (a household or an office registers a few people;
// a script that creates accounts or probes which emails exist is stopped).
const PER_IP = { points: 10, duration: 60 * 60 };

const WAIT = 'registrations_rate_limited';

/** Limits self-registration per IP (counted in Redis, in memory while it is down). */
export function createRegistrationLimiter(redis: Redis, prefix: string) {
  const byIp = redisLimiter(redis, prefix, 'register:ip', PER_IP);
  return { consume: (ip: string) => consumeAll([[byIp, ip]], WAIT) };
}

export type RegistrationLimiter = ReturnType<typeof createRegistrationLimiter>;
