import type { Redis } from 'ioredis';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { consumeAll, limitReached, redisLimiter, type LimitOptions } from './rateLimits';

// Failed attempts allowed (sign-ins, and wrong passwords where the account's own is asked
// for); once used up, attempts are refused unchecked until the window ends: per username from
// one IP, 5 per 15 minutes; per IP, whatever the username, 50 an hour; per account from
// anywhere, 100 an hour (OWASP ASVS 2.2.1). The account's pause is temporary, so an attacker
// cannot keep its owner out for longer than the hour.
const PER_USER_AND_IP = { points: 5, duration: 15 * 60 };
const PER_IP = { points: 50, duration: 60 * 60 };
const PER_ACCOUNT = { points: 100, duration: 60 * 60 };
// An IP where the account signed in successfully in the last 30 days is not held back by the
// per-IP pause: someone guessing behind a shared NAT (a building's network) does not lock out
// the neighbours who sign in from there.
const KNOWN_ADDRESS = { points: 1, duration: 30 * 24 * 60 * 60 };

const WAIT = 'login_rate_limited';

/** Limits failed sign-in attempts (see above), counted in Redis (in memory while it is down). */
export function createLoginLimiter(redis: Redis, prefix: string) {
  const limiter = (name: string, options: LimitOptions) => redisLimiter(redis, prefix, `login:${name}`, options);
  const byUserAndIp = limiter('user-ip', PER_USER_AND_IP);
  const byIp = limiter('ip', PER_IP);
  const byAccount = limiter('account', PER_ACCOUNT);
  const knownAddresses = limiter('known', KNOWN_ADDRESS);
  const account = (username: string) => username.toLowerCase();
  const pair = (username: string, ip: string) => `${account(username)}_${ip}`;
  const spent = (res: RateLimiterRes | null, options: LimitOptions) => res !== null && res.consumedPoints >= options.points;

  return {
    /** Throws 429 (with Retry-After) while this username from this IP, this account or this IP has used up its attempts. */
    async check(username: string, ip: string) {
      const [fromHere, ofAccount, fromIp, known] = await Promise.all([
        byUserAndIp.get(pair(username, ip)),
        byAccount.get(account(username)),
        byIp.get(ip),
        knownAddresses.get(pair(username, ip)),
      ]);
      if (spent(fromHere, PER_USER_AND_IP)) throw limitReached(fromHere!, WAIT);
      if (spent(ofAccount, PER_ACCOUNT)) throw limitReached(ofAccount!, WAIT);
      if (!known && spent(fromIp, PER_IP)) throw limitReached(fromIp!, WAIT);
    },
    async recordFailure(username: string, ip: string) {
      await consumeAll([[byUserAndIp, pair(username, ip)], [byAccount, account(username)], [byIp, ip]], WAIT);
    },
    /** A right password: this username's count from this IP restarts, and the IP is known for it. */
    async recordSuccess(username: string, ip: string) {
      await Promise.all([byUserAndIp.delete(pair(username, ip)), knownAddresses.set(pair(username, ip), 1, KNOWN_ADDRESS.duration)]);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
