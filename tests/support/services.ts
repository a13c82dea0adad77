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
    connectDatabase(process.env.DATABASE_URL!, 5);
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
