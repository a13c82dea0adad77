import type Koa from 'koa';
import type { Redis } from 'ioredis';
import supertest from 'supertest';
import { closeDatabase, connectDatabase } from '../../server/db';
import { createRedis } from '../../server/services/redis';

let app: Koa | undefined;
let redis: Redis | undefined;

/** The real app on this worker's database and the real Redis (created once per test file). */
export async function testApp(): Promise<Koa> {
  if (!app) {
    connectDatabase(process.env.DATABASE_URL!, 5, process.env.DATABASE_DIRECT_URL || undefined);
    redis = createRedis(process.env.REDIS_URL!, { failFast: true });
    // Fail-fast connections refuse commands until connected: start the tests once it is.
    if (redis.status !== 'ready') await new Promise((resolve) => redis!.once('ready', resolve));
    const { createApp } = await import('../../server/app');
    app = createApp({ redis });
  }
  return app;
}

/** A cookie-keeping client of the app (not signed in). */
export async function client() {
  return supertest.agent((await testApp()).callback());
}

export async function closeTestServices() {
  redis?.disconnect();
  await closeDatabase();
  app = undefined;
  redis = undefined;
}

/**
 * Forgets this test file's counts of one rate limiter (`register`, `login`, `reset`; see
 * server/services): a file that makes more attempts than a limit allows starts its tests from zero.
 */
export async function forgetLimits(name: string) {
  await testApp();
  const pattern = `${process.env.REDIS_PREFIX}:${name}:*`;
  let cursor = '0';
  do {
    const [next, keys] = await redis!.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length) await redis!.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}
