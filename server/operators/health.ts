import type { Redis } from 'ioredis';
import { db } from '../db';
import { relayLag } from '../events/relay';
import { workerHeartbeat } from '../jobs/heartbeat';
import type { HealthReport } from '../../shared/health';

/** An event waiting this long for the relay means the relay is behind. */
const RELAY_BEHIND_SECONDS = 60;

/** Each check answers within 2 s or counts as failed (a hung dependency must not hang health). */
function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work(), timeout]).finally(() => clearTimeout(timer));
}

/** The state of the database, Redis, the relay and the worker, and what it means overall. */
export async function checkHealth(redis: Redis, redisPrefix: string): Promise<HealthReport> {
  const failed = () => null;
  const [database, redisUp, relay, worker] = await Promise.all([
    within(2000, () => db().raw('select 1')).then(() => 'up' as const, () => 'down' as const),
    within(2000, () => redis.ping()).then(() => 'up' as const, () => 'down' as const),
    within(2000, () => relayLag())
      .then((lag) => ({ status: (lag.oldestPendingSeconds ?? 0) > RELAY_BEHIND_SECONDS ? ('behind' as const) : ('up' as const), ...lag }))
      .catch(failed),
    within(2000, () => workerHeartbeat(redis, redisPrefix)).catch(failed),
  ]);
  const degraded = redisUp === 'down' || worker?.status !== 'up' || relay?.status === 'behind';
  return {
    status: database === 'down' ? 'down' : degraded ? 'degraded' : 'ok',
    database,
    redis: redisUp,
    relay,
    worker: worker ?? { status: 'unknown', heartbeatAgeSeconds: null },
  };
}
