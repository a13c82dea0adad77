import type { Redis } from 'ioredis';
import { WORKER_HEARTBEAT_EVERY_MS, WORKER_HEARTBEAT_KEY } from '../../shared/jobs';

const key = (prefix: string) => `${prefix}:${WORKER_HEARTBEAT_KEY}`;

/** A worker says it is alive: the time of its latest beat (any worker's) under the prefix. */
export function beat(redis: Redis, prefix: string) {
  return redis.set(key(prefix), String(Date.now()), 'PX', 24 * 60 * 60 * 1000);
}

/** Health: seconds since a worker last beat; stale after three missed beats; missing if never. */
export async function workerHeartbeat(redis: Redis, prefix: string) {
  const value = await redis.get(key(prefix));
  if (!value) return { status: 'missing' as const, heartbeatAgeSeconds: null };
  const ageMs = Math.max(0, Date.now() - Number(value));
  return {
    status: ageMs > 3 * WORKER_HEARTBEAT_EVERY_MS ? ('stale' as const) : ('up' as const),
    heartbeatAgeSeconds: Math.round(ageMs / 100) / 10,
  };
}
